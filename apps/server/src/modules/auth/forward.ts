import { type ErrorCode, messages, passkeyMessages, twoFactorMessages } from '@meridian/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from './better-auth.js';

/** Better Auth's error codes, in the words and statuses Meridian answers with (400 unless said). */
const MAPPED: Record<string, { code: ErrorCode; message: string; status?: number }> = {
  USER_ALREADY_EXISTS: { code: 'EMAIL_TAKEN', message: messages.emailTaken },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'EMAIL_TAKEN', message: messages.emailTaken },
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials },
  INVALID_PASSWORD: { code: 'INVALID_PASSWORD', message: messages.currentPasswordWrong },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION_FAILED', message: messages.passwordTooShort },
  PASSWORD_TOO_LONG: { code: 'VALIDATION_FAILED', message: messages.passwordTooLong },
  INVALID_EMAIL: { code: 'VALIDATION_FAILED', message: messages.invalidEmail },
  INVALID_TOKEN: { code: 'VALIDATION_FAILED', message: 'This reset link is invalid or has expired' },
  // The passkey plugin's. Its registration answers a 500 for any attestation it cannot verify, which is
  // the client's fault; and a session older than a day must sign in again before adding a passkey.
  SESSION_NOT_FRESH: { code: 'FORBIDDEN', message: passkeyMessages.signInAgain, status: 403 },
  CHALLENGE_NOT_FOUND: { code: 'VALIDATION_FAILED', message: passkeyMessages.expired },
  FAILED_TO_VERIFY_REGISTRATION: { code: 'VALIDATION_FAILED', message: passkeyMessages.registrationFailed },
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: { code: 'FORBIDDEN', message: passkeyMessages.notYours, status: 403 },
  PASSKEY_NOT_FOUND: { code: 'INVALID_CREDENTIALS', message: passkeyMessages.signInFailed },
  AUTHENTICATION_FAILED: { code: 'INVALID_CREDENTIALS', message: passkeyMessages.signInFailed },
  // The two-factor plugin's (Meridian checks authenticator codes before the plugin does: two-factor.service.ts).
  INVALID_CODE: { code: 'INVALID_OTP', message: twoFactorMessages.invalidCode },
  INVALID_BACKUP_CODE: { code: 'INVALID_OTP', message: twoFactorMessages.invalidRecoveryCode },
  INVALID_TWO_FACTOR_COOKIE: { code: 'UNAUTHENTICATED', message: twoFactorMessages.signInAgain },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'UNAUTHENTICATED', message: twoFactorMessages.signInAgain },
  TOTP_ALREADY_ENABLED: { code: 'CONFLICT', message: twoFactorMessages.alreadyOn },
  TOTP_NOT_ENABLED: { code: 'VALIDATION_FAILED', message: twoFactorMessages.notOn },
  TWO_FACTOR_NOT_ENABLED: { code: 'VALIDATION_FAILED', message: twoFactorMessages.notOn },
  BACKUP_CODES_NOT_ENABLED: { code: 'VALIDATION_FAILED', message: twoFactorMessages.notOn },
};

/**
 * The client address Fastify resolved (request.ip, which honours TRUST_PROXY), handed to Better Auth
 * so it records it on new sessions. Only this header is read (see better-auth.ts), and a client's own
 * copy is always replaced, so no one can choose the address their session shows.
 */
export const CLIENT_IP_HEADER = 'x-meridian-client-ip';

/**
 * Hands a request to Better Auth and relays its answer. `body` is the validated, normalised body
 * (never the raw one), so only what Meridian's schemas allowed reaches the library.
 */
export async function forwardToAuth(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body?: unknown,
  onStatus?: (status: number, response: Response) => Promise<void>,
  /** Sent instead of Better Auth's body when it succeeds: an answer that must not vary with the account. */
  answer?: unknown,
): Promise<FastifyReply> {
  const headers = fromNodeHeaders(request.headers);
  headers.delete('content-length');
  headers.delete(CLIENT_IP_HEADER);
  if (request.ip) headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body ?? request.body ?? {}) : undefined,
    }),
  );
  // Lets the caller act on the outcome before it is relayed, or answer otherwise by throwing
  // (the login limit counts failures only, and turns the failure past the limit into a 429).
  await onStatus?.(response.status, response);

  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  const location = response.headers.get('location');
  if (location) reply.header('location', location);

  const text = await response.text();
  if (response.status < 400 && answer !== undefined) return reply.status(response.status).send(answer);
  if (response.status < 400) {
    const type = response.headers.get('content-type');
    if (type) reply.header('content-type', type);
    return reply.status(response.status).send(text === '' ? undefined : withoutSessionTokens(text));
  }
  return reply.status(statusFor(response.status, text)).send(translateError(response.status, text, request.id));
}

/**
 * Better Auth puts the session token in the JSON of sign-in, sign-up and get-session answers. The
 * token is the whole session, and the cookie that carries it is httpOnly so that page scripts (and
 * an injected one) cannot read it; the body must not hand it to them either.
 */
export function withoutSessionTokens(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed !== 'object' || parsed === null) return text;
  const body = parsed as { token?: unknown; session?: { token?: unknown } | null };
  if (!('token' in body) && !(body.session && typeof body.session === 'object' && 'token' in body.session)) {
    return text;
  }
  delete body.token;
  if (body.session && typeof body.session === 'object') delete body.session.token;
  return JSON.stringify(body);
}

function parseAuthError(text: string): { code?: string; message?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as { code?: string; message?: string }) : {};
  } catch {
    return {};
  }
}

function statusFor(status: number, text: string): number {
  const mapped = MAPPED[parseAuthError(text).code ?? ''];
  if (mapped?.status) return mapped.status;
  if (mapped) return new AppError(mapped.code, mapped.message).statusCode;
  return Math.min(status, 500);
}

function translateError(status: number, text: string, requestId: string) {
  const { code, message } = parseAuthError(text);
  const mapped = MAPPED[code ?? ''];
  if (mapped) return errorBody(mapped.code, mapped.message, undefined, requestId);
  if (status === 401) return errorBody('UNAUTHENTICATED', messages.notSignedIn, undefined, requestId);
  if (status === 403) return errorBody('FORBIDDEN', message ?? messages.forbidden, undefined, requestId);
  if (status === 404) return errorBody('NOT_FOUND', messages.notFound, undefined, requestId);
  if (status >= 500) return errorBody('INTERNAL', messages.unknownError, undefined, requestId);
  return errorBody('VALIDATION_FAILED', message ?? messages.invalidRequest, undefined, requestId);
}
