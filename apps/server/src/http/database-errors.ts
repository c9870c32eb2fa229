/** SQLSTATEs PostgreSQL answers for text it cannot store: a NUL byte (22021) or an untranslatable character (22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Whether an error (or the database error drizzle wraps in `cause`) is one of UNSTORABLE_TEXT. */
export function isUnstorableText(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
