import type { RealtimeEvent } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Topic = RealtimeEvent['topics'][number];

/**
 * Tells the users concerned that their views changed. Called inside the money transaction: NOTIFY
 * is delivered exactly when (and only if) that transaction commits.
 */
export async function publish(tx: Db, userIds: string[], topics: Topic[]): Promise<void> {
  await tx.execute(sql`SELECT pg_notify('meridian_events', ${JSON.stringify({ userIds, topics })})`);
}
