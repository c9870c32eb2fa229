import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Better Auth's two-factor plugin's model (`twoFactor`): the authenticator secret, encrypted under the
 * session secret, and the recovery codes, each stored only as an HMAC (modules/auth/recovery-codes.ts).
 * One row per user; `verified` stays false until the first code confirms the enrolment.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_id_unique').on(t.userId)],
);

/**
 * Meridian's own count of second-factor tries (decision 023): at most TWO_FACTOR_MAX_TRIES wrong codes
 * per user until `windowEndsAt`, taken in one statement before a code is compared, and the last
 * authenticator time step used, so a code signs in once.
 */
export const twoFactorTries = pgTable('two_factor_tries', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tries: integer('tries').notNull().default(0),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  lastStep: bigint('last_step', { mode: 'number' }),
});
