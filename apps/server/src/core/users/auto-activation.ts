import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionReader } from '../auth/session-reader.js';
import { activateIfDue } from './activation.service.js';

/**
 * The session reader with the auto-activation setting applied: an inactive account older than that is
 * activated when it is next read, at the injected clock's time (so a test or TEST_CLOCK moves it).
 * It lives here rather than in the request guards because http/ imports no feature; every node may
 * do it, since activation locks the user row and pays the referral bonus at most once.
 */
export function withAutoActivation(
  read: SessionReader,
  db: Db,
  /** The setting as it is now (null: operators activate every account); an operator may change it. */
  afterHours: () => number | null,
  clock: Clock,
  publicUrl?: string,
): SessionReader {
  return async (headers) => {
    const signedIn = await read(headers);
    if (!signedIn) return null;
    const hours = afterHours();
    if (hours === null || signedIn.user.isActive) return signedIn;
    return { ...signedIn, user: await activateIfDue(db, signedIn.user, hours, clock.now(), publicUrl) };
  };
}
