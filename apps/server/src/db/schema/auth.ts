import { ROLES } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Better Auth's four models. The credential table is `auth_accounts` because `accounts`
 * belongs to the books (DESIGN.md section 4).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    address: text('address').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    isActive: boolean('is_active').notNull().default(false),
    /** Better Auth's two-factor plugin: an authenticator app is enrolled and confirmed. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    referralId: text('referral_id').notNull(),
    referrerId: text('referrer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_id_unique').on(t.referralId),
    index('users_referrer_id_idx').on(t.referrerId),
    // The console's user list: newest first, a page at a time (keyset), filtered and searched.
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_inactive_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`NOT ${t.isActive}`),
    // The operators (every role but 'user'), for the list's filter.
    index('users_admin_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.role} <> 'user'`),
    // Search by any part of a name, e-mail or referral code (pg_trgm), fast at 100,000 users. No pending
    // list (fastupdate off): rows added since the last vacuum would otherwise be scanned one by one, and
    // with many of them the planner gives up on the index.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`).with({ fastupdate: false }),
    index('users_referral_id_trgm_idx').using('gin', sql`${t.referralId} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** An operator's last request to the console, by the app's clock (NULL: none since sign-in). */
    consoleSeenAt: timestamp('console_seen_at', { withTimezone: true }),
    /**
     * When the session's user last proved who they are, by the app's clock: signing in, or a step-up
     * (core/auth/proof.ts). What changes where money goes needs this within the last few minutes.
     */
    provedAt: timestamp('proved_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Better Auth's passkey plugin's model (the property names are the plugin's field names). The public
 * key and counter are what an assertion is checked against; no private key ever reaches the server.
 * `lastUsedAt` is Meridian's, set when a passkey signs in (Password & Security shows it).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    aaguid: text('aaguid'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId), uniqueIndex('passkeys_credential_id_unique').on(t.credentialID)],
);
