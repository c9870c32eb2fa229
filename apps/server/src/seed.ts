import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from './config.js';
import { findUserByEmail, updateUser } from './core/users/users.queries.js';
import type { Db } from './db/client.js';
import { users } from './db/schema/index.js';
import type { Auth } from './modules/auth/better-auth.js';
import { hashClearResetTokens } from './modules/auth/verification-tokens.js';
import { seedCatalogue } from './modules/catalogue/catalogue.seed.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@meridian.local';

export interface SeedResult {
  /** Set only when this start created the owner with a generated password, to be printed once. */
  generatedAdmin: { email: string; password: string } | null;
}

/**
 * Idempotent start-up seeding: catalogue rows, reset tokens of an older version hashed, and the operator account. ADMIN_EMAIL's account is
 * created as an active owner (the operator role that may do everything) when it does not exist. An
 * existing one is made an owner again only when the platform has no active owner left (the way back
 * in); otherwise what operators decided in the console (another role for it, say) stands.
 */
export async function seed(db: Db, auth: Auth, config: Config): Promise<SeedResult> {
  await seedCatalogue(db);
  await hashClearResetTokens(db);
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!(await hasActiveOwner(db))) {
      await updateUser(db, existing.id, { role: 'owner', isActive: true, emailVerified: true });
    }
    return { generatedAdmin: null };
  }
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  let user: { id: string };
  try {
    ({ user } = await auth.api.signUpEmail({
      body: { name: 'Meridian Operator', email, password, phone: '0000000000', country: 'United States' },
    }));
  } catch (err) {
    // Nodes starting together on a new database all find no operator and all sign one up: the
    // e-mail's unique key lets one of them win, and the others start with the account it made.
    if (await findUserByEmail(db, email)) return { generatedAdmin: null };
    throw err;
  }
  // A sign-up for a taken address answers with a made-up user (so that sign-ups reveal nothing): the
  // account another node made first has another id, and this node's password is not its password.
  const made = await findUserByEmail(db, email);
  if (made?.id !== user.id) return { generatedAdmin: null };
  // The operator's address is the one the installer configured: verified, and active at once.
  await updateUser(db, user.id, { role: 'owner', isActive: true, emailVerified: true });
  return { generatedAdmin: config.adminPassword ? null : { email, password } };
}

/**
 * What the first start prints last, so the generated password is not lost among start-up lines: the
 * operator's e-mail and password, and where to sign in, framed.
 */
export function operatorNotice(admin: { email: string; password: string }, publicUrl: string): string {
  const lines = [
    'Meridian is ready. The owner operator account (shown only this once):',
    '',
    `  e-mail:    ${admin.email}`,
    `  password:  ${admin.password}`,
    '',
    `Sign in at ${publicUrl}/admin and keep the password somewhere safe.`,
    'The console requires a second factor: at the first sign-in it asks you to set up',
    'an authenticator app. Lost it? npm run admin -- reset-2fa <email>',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  return ['', `┌${rule}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${rule}┘`, ''].join('\n');
}

async function hasActiveOwner(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}
