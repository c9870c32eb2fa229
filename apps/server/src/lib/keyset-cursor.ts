import { messages } from '@meridian/shared';
import { AppError } from '../http/errors.js';

/**
 * Keyset pagination's cursor: the last row's key, wrapped so that clients treat it as opaque
 * (base64url of JSON). A cursor that does not decode to a key of the expected kind is the client's
 * 400, never a database error.
 */
export function encodeCursor(key: string | number): string {
  return Buffer.from(JSON.stringify({ k: key })).toString('base64url');
}

function badCursor(): AppError {
  return new AppError('VALIDATION_FAILED', messages.invalidRequest, { cursor: messages.invalidRequest });
}

/** The key in a text-keyed cursor (a row id), or null when there is none; a malformed one throws a 400. */
export function decodeTextCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const key = decode(cursor);
  if (typeof key !== 'string' || key.length === 0 || key.length > 100 || key.includes('\u0000')) throw badCursor();
  return key;
}

/** The key in a number-keyed cursor (a serial id), or null; a malformed one throws a 400. */
export function decodeNumberCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const key = decode(cursor);
  if (typeof key !== 'number' || !Number.isSafeInteger(key) || key < 1) throw badCursor();
  return key;
}

/** A cursor that names a row which does not exist was not made by us: the same 400. */
export function unknownCursor(): AppError {
  return badCursor();
}

function decode(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || !('k' in parsed)) throw badCursor();
    return parsed.k;
  } catch {
    throw badCursor();
  }
}

/**
 * A page from `limit + 1` rows fetched in order: the first `limit` are the page, and the extra one
 * only says there is a next page, whose cursor is the last item's key.
 */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => string | number,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
