import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { redactError, redactRequest, scrubText, scrubValue } from './log-redaction.js';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Keys pino serialises itself (see the serializers below); every other key is scrubbed as data. */
const SERIALISED = new Set(['req', 'res', 'err', 'error']);

/**
 * Fastify logger options with Meridian's redaction applied to every line: the access log's request
 * (no headers, redacted URL), errors (no SQL parameters), the message text and any other logged data.
 * buildApp applies this to whatever logger options it is given, so no caller can forget it.
 */
export function withLogRedaction(options: LoggerOptions | true): LoggerOptions {
  const base = options === true ? {} : options;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: redactRequest,
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: redactError,
      error: redactError,
    },
    formatters: {
      ...base.formatters,
      log(object: Record<string, unknown>) {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(object)) out[k] = SERIALISED.has(k) ? v : scrubValue(v);
        return out;
      },
    },
    hooks: {
      ...base.hooks,
      // The message text (and printf-style arguments) of every call.
      logMethod(args, method) {
        const [first, ...rest] = args;
        // log.error(err) would take err.message (SQL parameters and all) as the message text.
        if (first instanceof Error && typeof rest[0] !== 'string') {
          return method.apply(this, [{ err: first }, redactError(first).message]);
        }
        const scrubbed = args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as typeof args;
        return method.apply(this, scrubbed);
      },
    },
  };
}

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Better Auth's `logger.log`: its messages go to the app's pino logger as JSON lines (so they get
 * the same redaction) instead of to the console. Error arguments become `err`, the rest `args`.
 */
export function authLogger(log: FastifyBaseLogger) {
  return (level: AuthLogLevel, message: string, ...args: unknown[]) => {
    const err = args.find((a) => a instanceof Error);
    const rest = args.filter((a) => a !== err);
    log[level]({ source: 'better-auth', ...(err ? { err } : {}), ...(rest.length ? { args: rest } : {}) }, message);
  };
}

/**
 * Better Auth's `onAPIError.onError`: an error of an auth request, logged through pino. Without it
 * the library writes every refused request (a wrong password, an untrusted redirect) to the console
 * through its own global logger, outside pino and its redaction. Refusals are debug; faults are errors.
 */
export function authErrorLogger(log: FastifyBaseLogger) {
  return (error: unknown) => {
    const status = (error as { status?: unknown } | null)?.status;
    const refused = typeof status === 'string' && status !== 'INTERNAL_SERVER_ERROR';
    log[refused ? 'debug' : 'error']({ source: 'better-auth', err: error }, 'auth request failed');
  };
}
