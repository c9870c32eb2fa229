import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../../db/client.js';
import { prepared, runPrepared } from '../../db/prepared.js';
import { GroupCommit } from '../../lib/group-commit.js';
import { type UserRow, userFromSqlRow } from '../users/users.queries.js';

/**
 * Who is asking, read the way Better Auth reads it but in one prepared query.
 *
 * Better Auth's `getSession` costs several milliseconds of CPU per request (a router, its adapter,
 * two queries), which capped every signed-in endpoint; guards run on every request. This reader
 * verifies the signed session cookie with the same HMAC, then reads the session and its user in one
 * statement. Whenever Better Auth has work to do — the session is expired (it deletes it) or due to
 * be extended (it writes the new expiry) — the request goes to Better Auth, so sessions behave
 * exactly as before; that is at most once a day per session.
 */
export type SessionReader = (headers: IncomingHttpHeaders) => Promise<SignedIn | null>;

/**
 * A session this node read a moment ago, recalled from memory without a round trip: as it was then,
 * not as it is. It is not a signed-in user — it carries only the user's id and name, never a UserRow —
 * and only a booking that checks, in its own transaction, that the session is still live and its user
 * still active and so named takes it (ledger/transfer.ts TransferSender, the transfer's statement);
 * when that check fails the session is read again (http/guards.ts readSenderAgain).
 */
export interface RecalledSession {
  readonly recalled: true;
  /** The session's token, which the booking checks. */
  readonly token: string;
  readonly id: string;
  readonly name: string;
}

/** Sessions this node read a moment ago, recalled from memory (RecalledSession). */
export interface RememberedSessions {
  /** The remembered session of this cookie (an active user's), or null: read it instead. */
  recall(headers: IncomingHttpHeaders): RecalledSession | null;
  /** Drops a token whose booking found its session gone or its user changed. */
  forget(token: string): void;
  readonly stats: { recalled: number; remembered: number };
}

export interface SignedIn {
  user: UserRow;
  /** The session's token: realtime sockets re-check it while they stay open. */
  token: string;
}

const sessionWithUser = prepared(
  'session_with_user',
  `SELECT s.expires_at AS session_expires_at, u.*
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token = $1`,
);

/** Lookups per query, and queries at once (each holds a pooled connection while it runs). */
const SESSION_BATCH_MAX = 64;
const SESSION_READS_IN_FLIGHT = 2;

/** The same read for many requests at once: each row says which token (1-based) it answers. */
const sessionsWithUsers = prepared(
  'sessions_with_users',
  `SELECT t.n AS session_n, s.expires_at AS session_expires_at, u.*
     FROM unnest($1::text[]) WITH ORDINALITY AS t(token, n)
     JOIN sessions s ON s.token = t.token JOIN users u ON u.id = s.user_id`,
);

type SessionRow = Record<string, unknown>;

/**
 * Session lookups of concurrent requests share one query, as their transfers share a transaction
 * (group commit, decision 014): the lookups that arrive in one turn of the event loop go together on
 * the next, and those that arrive while the slots are busy go together in the next query. Under load
 * that is one round trip and one statement for several requests instead of one each; an idle server
 * waits for nothing.
 */
class SessionLookups {
  private seq = 0;
  private readonly queue = new GroupCommit<string, SessionRow | undefined>({
    maxBatch: SESSION_BATCH_MAX,
    maxInFlight: SESSION_READS_IN_FLIGHT,
    // A read holds nothing: no two lookups need to be kept apart.
    keyOf: () => String(this.seq++),
  });

  constructor(private readonly db: Db) {}

  /** The session of this token with its user, read with the lookups that wait with it. */
  async lookup(token: string): Promise<SessionRow | undefined> {
    const turn = await this.queue.join(token);
    if (!turn.leads) return turn.outcome;
    const settled = await this.read(turn.items);
    turn.done(settled);
    const [own] = settled;
    if (own?.status !== 'fulfilled') throw own ? own.reason : new Error('session lookup: no answer');
    return own.value;
  }

  /** One query for these tokens, each answered with its row (or none); a failed query fails each. */
  private async read(tokens: readonly string[]): Promise<PromiseSettledResult<SessionRow | undefined>[]> {
    try {
      if (tokens.length === 1) {
        const [row] = await runPrepared<SessionRow>(this.db, sessionWithUser, [tokens[0]]);
        return [{ status: 'fulfilled', value: row }];
      }
      const rows = await runPrepared<SessionRow>(this.db, sessionsWithUsers, [tokens]);
      const byPlace = new Map(rows.map((r) => [Number(r.session_n), r]));
      return tokens.map((_, i) => ({ status: 'fulfilled', value: byPlace.get(i + 1) }));
    } catch (reason) {
      return tokens.map(() => ({ status: 'rejected', reason }));
    }
  }
}

/**
 * What the reader needs of Better Auth, stated here because core imports no feature (the instance
 * is built in modules/auth/better-auth.ts and handed in by app.ts).
 */
export interface SessionAuth {
  $context: Promise<{
    authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } };
    secret: string;
    sessionConfig: { expiresIn: number; updateAge: number };
  }>;
  api: { getSession(ctx: { headers: Headers }): Promise<{ session: { token: string } } | null> };
}

interface SessionSettings {
  cookieName: string;
  dontRememberCookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/** Sessions remembered at most this long after they were read, and at most this many. */
export const REMEMBER_SESSION_MS = 60_000;
const REMEMBERED_MAX = 20_000;

interface Remembered {
  session: RecalledSession;
  expiresAt: number;
  readAt: number;
}

export function createSessionReader(
  db: Db,
  auth: SessionAuth,
): { read: SessionReader; remembered: RememberedSessions } {
  const lookups = new SessionLookups(db);
  // Active users' sessions as last read, for RememberedSessions; the oldest first (a Map keeps
  // insertion order), so the first key is the one to drop when it is full.
  const memory = new Map<string, Remembered>();
  const stats = { recalled: 0, remembered: 0 };
  let loaded: SessionSettings | undefined;
  let settings: Promise<SessionSettings> | undefined;
  const load = () => {
    settings ??= auth.$context.then((c) => ({
      cookieName: c.authCookies.sessionToken.name,
      dontRememberCookieName: c.authCookies.dontRememberToken.name,
      secret: c.secret,
      expiresInMs: c.sessionConfig.expiresIn * 1000,
      updateAgeMs: c.sessionConfig.updateAge * 1000,
    }));
    return settings.then((s) => {
      loaded = s;
      return s;
    });
  };
  /** Whether Better Auth has work to do for this session: expired (it deletes it) or due to be extended. */
  const needsBetterAuth = (s: SessionSettings, cookies: Map<string, string>, expiresAt: number, now: number) =>
    expiresAt < now || (!cookies.has(s.dontRememberCookieName) && expiresAt - s.expiresInMs + s.updateAgeMs <= now);

  const viaBetterAuth = async (headers: IncomingHttpHeaders): Promise<SignedIn | null> => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return null;
    const token = session.session.token;
    const [row] = await runPrepared<Record<string, unknown>>(db, sessionWithUser, [token]);
    return row ? { user: userFromSqlRow(row), token } : null;
  };

  const read: SessionReader = async (headers) => {
    const s = await load();
    const cookies = parseCookies(headers.cookie);
    const signed = cookies.get(s.cookieName);
    if (signed === undefined) return null;
    const token = verifySignedValue(signed, s.secret);
    if (token === null) return null;
    const row = await lookups.lookup(token);
    if (!row) return null;
    const expiresAt = new Date(row.session_expires_at as Date | string).getTime();
    const now = Date.now();
    if (needsBetterAuth(s, cookies, expiresAt, now)) return viaBetterAuth(headers);
    const signedIn = { user: userFromSqlRow(row), token };
    if (signedIn.user.isActive) {
      memory.delete(token);
      const session: RecalledSession = { recalled: true, token, id: signedIn.user.id, name: signedIn.user.name };
      memory.set(token, { session, expiresAt, readAt: now });
      stats.remembered++;
      if (memory.size > REMEMBERED_MAX) memory.delete(memory.keys().next().value as string);
    }
    return signedIn;
  };

  const remembered: RememberedSessions = {
    recall(headers) {
      if (!loaded || memory.size === 0) return null;
      const cookies = parseCookies(headers.cookie);
      const signed = cookies.get(loaded.cookieName);
      if (signed === undefined) return null;
      const token = verifySignedValue(signed, loaded.secret);
      if (token === null) return null;
      const entry = memory.get(token);
      if (!entry) return null;
      const now = Date.now();
      if (now - entry.readAt > REMEMBER_SESSION_MS || needsBetterAuth(loaded, cookies, entry.expiresAt, now)) {
        memory.delete(token);
        return null;
      }
      stats.recalled++;
      return entry.session;
    },
    forget: (token) => void memory.delete(token),
    stats,
  };
  return { read, remembered };
}

/**
 * Which of these session tokens still name a live session of an active user. Open realtime sockets
 * are re-checked with it, so signing out, a password reset or a deactivation also ends them.
 */
export async function liveSessionTokens(db: Db, tokens: readonly string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const found = await runPrepared<{ token: string }>(db, liveTokens, [tokens]);
  return new Set(found.map((r) => r.token));
}

const liveTokens = prepared(
  'live_session_tokens',
  `SELECT s.token FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token = ANY($1::text[]) AND s.expires_at > now() AND u.is_active`,
);

/** Cookie name → value (URL-decoded); the first occurrence of a name wins, as in Better Auth. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      // A malformed escape is not a cookie we issued.
    }
  }
  return out;
}

/** `value.signature` signed with HMAC-SHA256 (base64), as better-call signs cookies; else null. */
export function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
