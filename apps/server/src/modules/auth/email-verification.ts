import { createHash, randomUUID } from 'node:crypto';
import { VERIFICATION_LINK_VALID_HOURS } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verifications } from '../../db/schema/index.js';
import { rows } from '../../lib/sql.js';

/*
 * Better Auth's e-mail verification token is a signed JWT: stateless, so on its own it would work
 * any number of times until it expires. Each link we send is also a verifications row, keyed by the
 * SHA-256 of its token (never the token), which the verify-email route deletes in the one statement
 * that checks it: a link works once, even when two requests race for it, and only within 24 hours
 * by the app's clock.
 */

const VALID_MS = VERIFICATION_LINK_VALID_HOURS * 3_600_000;

function tokenKey(token: string): string {
  return createHash('sha256').update(`verify-email:${token}`).digest('base64url');
}

/** The row's value: whose link it is, and apart from Better Auth's own rows (a reset's value is the bare user id). */
const OWNER_PREFIX = 'verify-email:';
function owner(userId: string): string {
  return `${OWNER_PREFIX}${userId}`;
}

/** Records a link as it is sent: its token's hash, its owner, when it stops working. */
export async function storeVerificationLink(db: Db, token: string, userId: string, now: Date): Promise<void> {
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: tokenKey(token),
    value: owner(userId),
    expiresAt: new Date(now.getTime() + VALID_MS),
    createdAt: now,
    updatedAt: now,
  });
}

export type LinkUse = { outcome: 'consumed'; userId: string } | { outcome: 'other-account' | 'invalid' };

/**
 * Uses a link up: 'consumed' when it was live (its row is gone with this statement), 'other-account'
 * when it is live but someone else is signed in (it stays, for its owner), else 'invalid' (unknown,
 * used already or expired; answered alike, so nothing tells them apart).
 */
export async function consumeVerificationLink(
  db: Db,
  token: string,
  signedInUserId: string | null,
  now: Date,
): Promise<LinkUse> {
  const key = tokenKey(token);
  const at = now.toISOString();
  const mine = signedInUserId === null ? sql`` : sql` AND value = ${owner(signedInUserId)}`;
  const used = await rows<{ value: string }>(
    db,
    sql`DELETE FROM verifications WHERE identifier = ${key} AND expires_at > ${at}::timestamptz${mine} RETURNING value`,
  );
  const [row] = used;
  if (row) return { outcome: 'consumed', userId: row.value.slice(OWNER_PREFIX.length) };
  if (signedInUserId === null) return { outcome: 'invalid' };
  const live = await rows<{ value: string }>(
    db,
    sql`SELECT value FROM verifications WHERE identifier = ${key} AND expires_at > ${at}::timestamptz`,
  );
  return { outcome: live.length > 0 ? 'other-account' : 'invalid' };
}

/** Once the address is verified, the other links sent to it have nothing left to do. */
export async function dropVerificationLinks(db: Db, userId: string): Promise<void> {
  await db.execute(sql`DELETE FROM verifications WHERE value = ${owner(userId)}`);
}
