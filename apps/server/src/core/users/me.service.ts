import type { Me } from '@meridian/shared';
import type { Db } from '../../db/client.js';
import { hasSecondFactor } from '../auth/second-factor.js';
import { lastDeactivation } from './activation.queries.js';
import { toUserDto, type UserRow } from './users.queries.js';

/**
 * GET /api/me: the user, and for an inactive account whether an operator deactivated it, so the app
 * tells a deactivated member to contact support instead of promising activation within 24 hours.
 * An active account costs no deactivation lookup; one without an authenticator app costs one indexed
 * lookup for a passkey (which also counts as a second factor).
 */
export async function describeMe(db: Db, user: UserRow): Promise<Me> {
  const deactivatedAt = user.isActive ? null : await lastDeactivation(db, user.id);
  return {
    ...toUserDto(user),
    deactivatedAt: deactivatedAt?.toISOString() ?? null,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    secondFactor: await hasSecondFactor(db, user),
  };
}
