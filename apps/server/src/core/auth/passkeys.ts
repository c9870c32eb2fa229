import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeys } from '../../db/schema/index.js';

/*
 * Meridian's reads and marks on Better Auth's passkey table. The ceremonies (and every write of a key)
 * are the plugin's; these only list, look up owners and stamp a sign-in.
 */

/**
 * Whether the user has a passkey. A passkey is both factors at once, so it satisfies any rule that asks
 * for a second factor (the console's among them).
 */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

/** The user's passkeys for Password & Security, newest first: names and dates, never key material. */
export function listUserPasskeys(db: Db, userId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
}

/** Whether `userId` owns the passkey with this id. */
export async function ownsPasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Who registered the credential an assertion names, or null for an unknown credential. */
export async function passkeyOwner(db: Db, credentialId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: passkeys.userId })
    .from(passkeys)
    .where(eq(passkeys.credentialID, credentialId))
    .limit(1);
  return row?.userId ?? null;
}

/** Stamps the credential's last sign-in. */
export async function markPasskeyUsed(db: Db, credentialId: string, at: Date): Promise<void> {
  await db.update(passkeys).set({ lastUsedAt: at }).where(eq(passkeys.credentialID, credentialId));
}
