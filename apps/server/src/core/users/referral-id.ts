import { messages } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findUserByReferralId, referralIdsStartingWith, type UserRow } from './users.queries.js';

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
 * The referrer a sign-up names, looked up once, or undefined when the field was left empty (the code
 * is trimmed and lowercased as it will be stored). A code that names no one is refused before any
 * account is created, so a mistyped code is corrected by the person instead of silently losing their
 * friend's bonus. The sign-up route passes the referrer's own referral id on to Better Auth, whose
 * hook stores it without asking again (decision 007).
 */
export async function referrerForSignUp(db: Db, code: string | undefined): Promise<UserRow | undefined> {
  const wanted = code?.trim().toLowerCase();
  if (!wanted) return undefined;
  const referrer = await findUserByReferralId(db, wanted);
  if (!referrer) {
    throw new AppError('VALIDATION_FAILED', messages.referralIdNotFound, { referrerId: messages.referralIdNotFound });
  }
  return referrer;
}
