import { messages, UNATTENDED_HEADER } from '@meridian/shared';
import type { z } from 'zod';
import { isUnattended } from './attention';
import { connection } from './connection';
import { stepUpPrompt } from './step-up';

/** A failed API call: `message` is what the user sees, `code` is what the code branches on. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: string, message: string, status: number, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

/**
 * A response schema, or a loader of one: a request made on every page (the session's /api/me) takes a
 * loader, so zod and the schema arrive beside the answer instead of weighing on every first visit.
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
  /** Sent as the `Idempotency-Key` header; every money POST needs one (see use-idempotency-key.ts). */
  idempotencyKey?: string;
  /** Set on the one retry after a step-up, so a refusal then is not asked about again. */
  steppedUp?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toApiError(status: number, payload: unknown): ApiError {
  const error = isRecord(payload) ? payload.error : undefined;
  if (isRecord(error) && typeof error.message === 'string' && error.message !== '') {
    const code = typeof error.code === 'string' ? error.code : 'UNKNOWN';
    const fields = isRecord(error.fields) ? (error.fields as Record<string, string>) : undefined;
    return new ApiError(code, error.message, status, fields);
  }
  return new ApiError('UNKNOWN', messages.unknownError, status);
}

const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Calls the Meridian API with the session cookie; throws `ApiError` on any failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal, idempotencyKey } = options;
  // A schema's loader starts beside the request; a failure to load it matters only once an answer needs it.
  const source = options.schema;
  const schema = source && Promise.resolve(typeof source === 'function' ? source() : source);
  schema?.catch(() => undefined);
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> =
    body === undefined || isForm ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' };
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  if (isUnattended()) headers[UNATTENDED_HEADER] = '1';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? null : isForm ? (body as FormData) : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    connection.unreachable();
    throw new ApiError('NETWORK', messages.unknownError, 0);
  }
  // A proxy's 'bad gateway' or 'unavailable' is Meridian not answering; any other status is an answer.
  if (UNREACHABLE_STATUSES.has(response.status)) connection.unreachable();
  else connection.reached();

  const text = await response.text();
  let payload: unknown = null;
  if (text !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      throw new ApiError('UNKNOWN', messages.unknownError, response.status);
    }
  }
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    // What changes where money goes needs a recent proof: ask for it, then send the same request again
    // (same body, same Idempotency-Key: the refusal changed nothing).
    if (error.code === 'STEP_UP_REQUIRED' && !options.steppedUp && (await stepUpPrompt.request())) {
      return apiRequest(path, { ...options, steppedUp: true });
    }
    throw error;
  }
  if (!schema) return payload as T;
  let parsed: z.ZodSafeParseResult<T>;
  try {
    parsed = (await schema).safeParse(payload);
  } catch {
    throw new ApiError('NETWORK', messages.unknownError, 0);
  }
  if (!parsed.success) throw new ApiError('BAD_RESPONSE', messages.unknownError, response.status);
  return parsed.data;
}

/** The message a toast shows for any thrown value (spec section 8). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message !== '') return error.message;
  return messages.unknownError;
}

/** Codes that carry no message of the server's own: the call failed before an answer was read. */
const GENERIC_CODES: ReadonlySet<string> = new Set(['UNKNOWN', 'NETWORK', 'BAD_RESPONSE', 'INTERNAL']);

/**
 * The server's own message for a refusal it explained ('Insufficient balance'), else `fallback`
 * ('Failed to transfer') for a network failure, a 5xx or anything else without an explanation.
 */
export function errorMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !GENERIC_CODES.has(error.code)) return error.message;
  return fallback;
}
