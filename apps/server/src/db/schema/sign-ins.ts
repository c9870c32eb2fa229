import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Every sign-in and failed attempt on an account, as Password & Security lists them. `method` is a
 * small closed list that second factors extend ('passkey', 'totp'); a failed attempt for an e-mail
 * with no account has no one to show it to and is not recorded.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    method: text('method', { enum: ['password', 'totp', 'recovery-code', 'passkey'] }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sign_ins_user_at_idx').on(t.userId, t.at.desc(), t.id.desc())],
);

/**
 * The browsers an account has signed in from: the SHA-256 of a long-lived random device cookie, never
 * the cookie itself, so a read of this table cannot make a browser look known.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * The "this was not me" links of new-sign-in alerts: stored as the SHA-256 of the token, usable once
 * (used_at) and until expires_at.
 */
export const signInAlertLinks = pgTable(
  'sign_in_alert_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_alert_links_user_idx').on(t.userId).where(sql`${t.usedAt} IS NULL`)],
);
