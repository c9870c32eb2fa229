import { type Session, sessionMessages } from '@meridian/shared';
import { describeDevice } from '../../core/auth/device-name.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { deleteOtherSessions, deleteUserSession, listLiveSessions, type SessionRow } from './sessions.queries.js';

function toSessionDto(row: SessionRow, currentToken: string): Session {
  return {
    id: row.id,
    device: describeDevice(row.userAgent) ?? sessionMessages.unknownDevice,
    // Sessions made before addresses were recorded hold '' rather than null.
    ipAddress: row.ipAddress ? row.ipAddress : null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.token === currentToken,
  };
}

/** The user's live sessions, the one asking first. */
export async function listSessions(db: Db, userId: string, currentToken: string, now: Date): Promise<Session[]> {
  const dtos = (await listLiveSessions(db, userId, now)).map((row) => toSessionDto(row, currentToken));
  return [...dtos.filter((s) => s.current), ...dtos.filter((s) => !s.current)];
}

/**
 * Ends one of the user's sessions. Another user's session id answers exactly like an unknown one,
 * so ids reveal nothing. Open realtime sockets of that session close at their next heartbeat.
 */
export async function signOutSession(db: Db, userId: string, sessionId: string): Promise<void> {
  if (!(await deleteUserSession(db, userId, sessionId))) {
    throw new AppError('NOT_FOUND', sessionMessages.sessionNotFound);
  }
}

/** Ends every session of the user except the one asking. */
export function signOutOtherSessions(db: Db, userId: string, currentToken: string): Promise<number> {
  return deleteOtherSessions(db, userId, currentToken);
}
