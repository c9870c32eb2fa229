/**
 * What may reach a log line. Logs are read by more people, and kept longer, than the database, so
 * they carry no secrets (reset tokens, passwords, cookies, keys) and no personal data (e-mails,
 * names, phones, postal addresses): URLs keep their shape but not their values, and database errors
 * keep their SQLSTATE code but not the SQL parameters or the values they quote.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose values are neither secret nor personal (history filters, page size). */
const SAFE_QUERY_KEYS = new Set(['type', 'category', 'limit', 'tab']);

/** Keys whose values are never logged, wherever they appear in a logged object. */
const SENSITIVE_KEYS = new Set(
  [
    'password',
    'newPassword',
    'currentPassword',
    'token',
    'secret',
    'otp',
    'cookie',
    'set-cookie',
    'authorization',
    'x-admin-token',
    'idempotency-key',
    'idempotencyKey',
    'email',
    'recipientEmail',
    'toAddress',
    'name',
    'phone',
    'address',
    'destination',
    'headers',
    'body',
    'params',
    'parameters',
    'query',
    'detail',
    'where',
    'internalQuery',
  ].map((k) => k.toLowerCase()),
);

const EMAIL = /[^\s@"'<>(),;:=/?&]+@[^\s@"'<>(),;:=/?&]+\.[^\s@"'<>(),;:=/?&]+/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"']+/gi;
/** Everything after the endpoint name under /api/auth/ (the reset link's token) and the web page's. */
const AUTH_PATH_TAIL = /(\/api\/auth\/[^/\s?#"']+)\/[^\s?#"']*/g;
const RESET_PAGE_TAIL = /(\/reset-password)\/[^\s?#"']+/g;
const QUERY_PAIR = /([?&])([^=&\s#"']+)=([^&\s#"']*)/g;

/** A URL or path with its secret-bearing path segments and its query values replaced. */
export function redactUrl(url: string): string {
  return scrubText(url);
}

/** A free text (a log message, an error message) with tokens, e-mails and query values replaced. */
export function scrubText(text: string): string {
  return (
    text
      // sign-in/email and sign-up/email name a method, not a secret; any other tail may be a token.
      .replace(AUTH_PATH_TAIL, (whole, endpoint: string) =>
        whole === `${endpoint}/email` ? whole : `${endpoint}/${REDACTED}`,
      )
      .replace(RESET_PAGE_TAIL, `$1/${REDACTED}`)
      .replace(QUERY_PAIR, (pair, sep: string, key: string) =>
        SAFE_QUERY_KEYS.has(key) ? pair : `${sep}${key}=${REDACTED}`,
      )
      .replace(/%40/gi, '@')
      .replace(EMAIL, REDACTED)
      .replace(BEARER, `$1 ${REDACTED}`)
  );
}

/** What Fastify's access log says about a request: no headers, no body, a redacted URL. */
export function redactRequest(req: {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_MESSAGE = 300;

export type RedactedError = {
  type: string;
  message: string;
  /** The frames only, under a redacted first line; empty when the error had none. */
  stack: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  cause?: RedactedError;
};

/**
 * An error as a log line may show it. Database errors keep their SQLSTATE, constraint name and a
 * message with every quoted value removed; drizzle's "Failed query: <sql> params: <values>" keeps
 * only "Failed query" (the cause says why). The stack keeps its frames, not its message line.
 */
export function redactError(err: unknown, depth = 0): RedactedError {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: scrubText(String(err)), stack: '' };
  const e = err as Record<string, unknown>;
  const type = typeof e.type === 'string' ? e.type : (err.constructor?.name ?? 'Error');
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : undefined;
  const message = errorMessage(e, code);
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  return {
    type,
    message,
    stack: frames.length ? [`${type}: ${message}`, ...frames].join('\n') : '',
    ...(code ? { code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: redactError(e.cause, depth + 1) } : {}),
  };
}

function errorMessage(e: Record<string, unknown>, code: string | undefined): string {
  const raw = typeof e.message === 'string' ? e.message : '';
  if (raw.startsWith('Failed query:')) return 'Failed query';
  // A database's own message quotes the offending value: 'invalid input syntax for type integer: "x"'.
  const text = code && SQLSTATE.test(code) ? raw.replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, REDACTED) : raw;
  const firstLine = scrubText(text.split('\n')[0] ?? '');
  return firstLine.length > MAX_MESSAGE ? `${firstLine.slice(0, MAX_MESSAGE)}…` : firstLine;
}

/**
 * A logged value with sensitive keys replaced and every string scrubbed; errors go through
 * redactError. Plain objects and arrays are walked (to a small depth); anything else is left out.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return redactError(value);
  if (depth > 4) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return `[${(value as object).constructor?.name ?? 'object'}]`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE_KEYS.has(k.toLowerCase()) ? REDACTED : scrubValue(v, depth + 1);
  }
  return out;
}
