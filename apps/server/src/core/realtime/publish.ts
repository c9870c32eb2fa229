import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type DisconnectReason,
  disconnectPayloads,
  type Notification,
  notificationPayloads,
  REALTIME_CHANNEL,
  type RealtimeTopic,
} from '../../lib/realtime-payloads.js';

/**
 * Tells the users concerned that these views of theirs changed. Call it inside the transaction that
 * makes the change: PostgreSQL (and PGlite) deliver NOTIFY when that transaction commits, and never
 * if it rolls back, so a client hears of a change exactly when it is visible.
 */
export async function publishChanged(tx: Db, userIds: string[], topics: RealtimeTopic[]): Promise<void> {
  await notifyAll(tx, notificationPayloads(userIds, topics));
}

/**
 * Closes these users' open sockets on every node when the transaction commits (close code 1008: the
 * client asks who it is again, and reconnects if it still may), rather than at the next heartbeat.
 */
export async function disconnectUsers(tx: Db, userIds: string[], reason: DisconnectReason): Promise<void> {
  await notifyAll(tx, disconnectPayloads(userIds, reason));
}

async function notifyAll(tx: Db, payloads: string[]): Promise<void> {
  if (payloads.length === 0) return;
  if (payloads.length === 1) {
    await tx.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${payloads[0]})`);
    return;
  }
  const list = sql.join(
    payloads.map((p) => sql`${p}::text`),
    sql`, `,
  );
  await tx.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, p) FROM unnest(ARRAY[${list}]) AS t(p)`);
}

/** Tells every admin's open console that these views changed (new deposits, settled requests, ...). */
export function publishToAdmins(tx: Db, topics: RealtimeTopic[] = ['admin']): Promise<void> {
  return publishAudience(tx, 'admins', topics);
}

/** Tells every open page that these views changed (the public settings, plans, deposit methods). */
export function publishToEveryone(tx: Db, topics: RealtimeTopic[]): Promise<void> {
  return publishAudience(tx, 'everyone', topics);
}

async function publishAudience(tx: Db, audience: 'admins' | 'everyone', topics: RealtimeTopic[]): Promise<void> {
  const payload = JSON.stringify({ userIds: [], topics: [...new Set(topics)], audience } satisfies Notification);
  await tx.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}
