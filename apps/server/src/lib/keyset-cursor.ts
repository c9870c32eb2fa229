import { hasNul, messages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { AppError } from './app-error.js';

/**
 * The opaque cursor of a list ordered newest first on (created_at, id): base64url of
 * "<created_at>|<id>" of the previous page's last row. The time keeps PostgreSQL's microseconds: a
 * cursor cut to JavaScript's milliseconds would skip rows created within the same millisecond.
 */
export interface Keyset {
  /** ISO 8601 in UTC with 3 or 6 fraction digits, as `keysetTime` writes it. */
  at: string;
  id: string;
}

/** The SQL text of a timestamptz column as a cursor carries it (UTC, microseconds). */
export const keysetTime = (column: unknown) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeKeyset(k: Keyset): string {
  return Buffer.from(`${k.at}|${k.id}`).toString('base64url');
}

const TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})?Z$/;

/**
 * A cursor the client sent back, or a 400: anything it could not have been given (not base64url, a
 * NUL, a date that does not exist or that PostgreSQL cannot hold) is refused before any query runs.
 */
export function decodeKeyset(cursor: string): Keyset {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const year = Number(TIME.exec(at)?.[1] ?? 0);
  const valid =
    rest.length === 0 &&
    id.length > 0 &&
    id.length <= 100 &&
    !hasNul(id) &&
    year >= 1970 &&
    year <= 9999 &&
    !Number.isNaN(Date.parse(at)) &&
    // A date that round-trips exists (no 31 February).
    new Date(at).toISOString().slice(0, 23) === at.slice(0, 23);
  if (!valid) throw badCursor();
  return { at, id };
}

/** An id-ordered cursor (newest first on a bigserial): base64url of the last id. */
export function encodeIdCursor(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeIdCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = Number(text);
  if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(id)) throw badCursor();
  return id;
}

/**
 * A cursor naming a row by its text id (the queues, ordered oldest first on their pending index): base64url
 * of JSON. The caller checks that the row exists (`unknownCursor` when it does not).
 */
export function encodeCursor(key: string | number): string {
  return Buffer.from(JSON.stringify({ k: key })).toString('base64url');
}

/** The row id in a text-keyed cursor, or null when there is none; a malformed one throws a 400. */
export function decodeTextCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  let key: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    key = parsed && typeof parsed === 'object' && 'k' in parsed ? parsed.k : undefined;
  } catch {
    throw badCursor();
  }
  if (typeof key !== 'string' || key.length === 0 || key.length > 100 || hasNul(key)) throw badCursor();
  return key;
}

/** A cursor that names a row which does not exist was not made by us: the same 400. */
export function unknownCursor(): AppError {
  return badCursor();
}

function badCursor(): AppError {
  return new AppError('VALIDATION_FAILED', messages.invalidRequest, { cursor: messages.invalidRequest });
}

/**
 * One page of `limit` rows from a query asked for `limit + 1`: the extra row only says there is a
 * next page, whose cursor is made from the last row kept.
 */
export function pageOf<R, T>(
  found: R[],
  limit: number,
  toItem: (row: R) => T,
  cursorOf: (row: R) => string,
): { items: T[]; nextCursor: string | null } {
  const kept = found.slice(0, limit);
  const last = kept[kept.length - 1];
  return { items: kept.map(toItem), nextCursor: found.length > limit && last ? cursorOf(last) : null };
}

/**
 * Every page of a keyset list, one after another, each fetched only when the previous one has been
 * consumed: a caller streaming them (the CSV exports) never holds more than one page.
 */
export async function* eachPage<T>(
  fetch: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  do {
    const page = await fetch(cursor);
    if (page.items.length > 0) yield page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
