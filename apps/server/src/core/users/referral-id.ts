import type { Db } from '../../db/client.js';
import { findUserByReferralId, referralIdsStartingWith } from './users.queries.js';

/** The spec's referral id: the lowercased name with runs of spaces turned into hyphens. */
export function baseReferralId(name: string): string {
  const base = name.trim().toLowerCase().replace(/\s+/g, '-');
  return base === '' ? 'member' : base;
}

/** `base`, or `base-2`, `base-3`, ... whichever is first free among `taken`. */
export function firstFreeReferralId(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function uniqueReferralId(db: Db, name: string): Promise<string> {
  const base = baseReferralId(name);
  return firstFreeReferralId(base, await referralIdsStartingWith(db, base));
}

/**
 * The referral code as stored on the new user, or null when none was given. The sign-up route has
 * already refused a code that names no one (with a message on the field); one arriving here anyway
 * fails the sign-up rather than being dropped, which would lose the referrer's bonus unnoticed.
 */
export async function resolveReferrer(db: Db, code: unknown): Promise<string | null> {
  if (typeof code !== 'string' || code.trim() === '') return null;
  const referrer = await findUserByReferralId(db, code.trim().toLowerCase());
  if (!referrer) throw new Error('sign-up: the referral code names no user (the route checks it first)');
  return referrer.referralId;
}
