import { REALTIME_TOPICS, type RealtimeEvent } from '@meridian/shared';
import { z } from 'zod';

/*
 * What travels between app nodes through PostgreSQL's NOTIFY: the channel and the payloads. The
 * ledger writes them inside its booking SQL and core/realtime/publish.ts sends the rest, so they sit
 * at the bottom (lib/), below both; modules/realtime reads them back.
 */

export type RealtimeTopic = RealtimeEvent['topics'][number];

/** The one NOTIFY channel every app node LISTENs on. */
export const REALTIME_CHANNEL = 'meridian_events';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

/**
 * Why a user's sockets are closed at once on every node: their account was deactivated or an operator
 * signed them out (their sessions are gone), or their role changed (a socket keeps the role it was
 * opened with).
 */
export const DISCONNECT_REASONS = ['deactivated', 'role-changed', 'signed-out'] as const;
export type DisconnectReason = (typeof DISCONNECT_REASONS)[number];

/**
 * What travels through NOTIFY: which users' views changed, and which views. An `audience` instead
 * names every admin's sockets (the console's queues) or every socket (public settings, catalogue).
 * A `disconnect` closes the named users' sockets instead of telling them of a change.
 */
export const notificationSchema = z.object({
  userIds: z.array(z.string()),
  topics: z.array(z.enum(REALTIME_TOPICS)),
  audience: z.enum(['admins', 'everyone']).optional(),
  disconnect: z.enum(DISCONNECT_REASONS).optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The JSON payloads for these users, as few as fit under PostgreSQL's payload limit. */
export function notificationPayloads(userIds: string[], topics: RealtimeTopic[]): string[] {
  const uniqueTopics = [...new Set(topics)];
  if (uniqueTopics.length === 0) return [];
  return chunkPayloads(userIds, (ids) => JSON.stringify({ userIds: ids, topics: uniqueTopics } satisfies Notification));
}

/** The payloads that close these users' sockets, each naming as many as fit under the limit. */
export function disconnectPayloads(userIds: string[], reason: DisconnectReason): string[] {
  return chunkPayloads(userIds, (ids) =>
    JSON.stringify({ userIds: ids, topics: [], disconnect: reason } satisfies Notification),
  );
}

/** The payloads `encode` makes of these users, each naming as many as fit under the limit. */
function chunkPayloads(userIds: string[], encode: (ids: string[]) => string): string[] {
  const users = [...new Set(userIds)];
  if (users.length === 0) return [];
  const emptyBytes = Buffer.byteLength(encode([]));
  const payloads: string[] = [];
  let chunk: string[] = [];
  let bytes = emptyBytes;
  for (const id of users) {
    // The id as a JSON string, plus the comma before it when the chunk is not empty.
    const idBytes = Buffer.byteLength(JSON.stringify(id)) + (chunk.length > 0 ? 1 : 0);
    if (emptyBytes + idBytes > MAX_PAYLOAD_BYTES) throw new Error('realtime: user id too long for a NOTIFY payload');
    if (bytes + idBytes > MAX_PAYLOAD_BYTES) {
      payloads.push(encode(chunk));
      chunk = [];
      bytes = emptyBytes;
    }
    bytes += Buffer.byteLength(JSON.stringify(id)) + (chunk.length > 0 ? 1 : 0);
    chunk.push(id);
  }
  payloads.push(encode(chunk));
  return payloads;
}

/** The notification in a NOTIFY payload, or null when it is not one of ours. */
export function parseNotification(payload: string): Notification | null {
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
