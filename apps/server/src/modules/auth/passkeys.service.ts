import { passkeyMessages } from '@meridian/shared';
import { listUserPasskeys, ownsPasskey, passkeyOwner } from '../../core/auth/passkeys.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

/** Password & Security's list, dates as ISO strings. */
export async function listPasskeys(db: Db, userId: string) {
  const rows = await listUserPasskeys(db, userId);
  return rows.map((p) => ({
    ...p,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * Renaming and removing are for the owner only. Checked before Better Auth is asked (which checks
 * again), so another member's passkey answers exactly as one that does not exist: 404, nothing said.
 */
export async function requireOwnPasskey(db: Db, userId: string, id: string): Promise<void> {
  if (!(await ownsPasskey(db, userId, id))) throw new AppError('NOT_FOUND', passkeyMessages.notFound);
}

/**
 * A passkey answers a challenge for the one who asked. The plugin signs in whoever registered the
 * credential, whoever requested the challenge; a signed-in member proving themselves (a step-up, or
 * re-signing in) with another member's passkey must be refused, not switched into that account.
 */
export async function refuseAnotherMembersPasskey(
  db: Db,
  signedInUserId: string | null,
  credentialId: string,
): Promise<void> {
  if (!signedInUserId) return;
  const owner = await passkeyOwner(db, credentialId);
  if (owner !== null && owner !== signedInUserId) throw new AppError('FORBIDDEN', passkeyMessages.notYours);
}
