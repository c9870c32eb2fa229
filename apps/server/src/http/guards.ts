import {
  adminMessages,
  can,
  isOperatorRole,
  messages,
  type Permission,
  securityMessages,
  UNATTENDED_HEADER,
} from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import { touchConsoleSession } from '../core/auth/console-activity.js';
import { hasFreshProof } from '../core/auth/proof.js';
import { hasSecondFactor } from '../core/auth/second-factor.js';
import type { RecalledSession } from '../core/auth/session-reader.js';
import type { UserRow } from '../core/users/users.queries.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user as read in this request (null for a session only recalled: see `recalled`). */
    user: UserRow | null;
    /** The session token of `user`, set with it. */
    sessionToken: string | null;
    /**
     * The session requireActiveUserCheckedLater recalled from this node's memory instead of reading it:
     * not a user (`user` stays null), only a sender whose booking checks the session (transferSender).
     */
    recalled: RecalledSession | null;
  }
  interface FastifyContextConfig {
    /**
     * What a console route needs, from the permission table (packages/shared roles.ts): each
     * /api/admin route names it in its options, and requireAdmin refuses every role without it.
     */
    permission?: Permission;
  }
}

/**
 * Loads the signed-in user from the session cookie; the user row is read fresh every time.
 * (Auto-activation is applied by the injected reader, core/users/auto-activation.ts.)
 */
async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  const signedIn = await request.server.deps.readSession(request.headers);
  request.sessionToken = signedIn?.token ?? null;
  request.recalled = null;
  return signedIn?.user ?? null;
}

/** Any signed-in user, active or not (they must see the not-active notice). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.user = await loadUser(request);
  if (!request.user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
}

/** A signed-in, activated user: every route that shows or moves money. */
export async function requireActiveUser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user?.isActive) throw new AppError('ACCOUNT_INACTIVE', messages.accountNotActive);
}

/**
 * requireActiveUser without a round trip when this node read the same session a moment ago: only for
 * the transfer, whose booking checks, in its own transaction, that the session is still live and its
 * user still active and unchanged, and reads it again (readSenderAgain) when that check fails. The
 * recalled session is no user: `currentUser` refuses it and only `transferSender` hands it on, typed as
 * what only that booking takes. A session signed out elsewhere is then found out
 * by the booking, after the body's validation.
 */
export async function requireActiveUserCheckedLater(request: FastifyRequest): Promise<void> {
  const recalled = request.server.deps.rememberedSessions.recall(request.headers);
  if (!recalled) return requireActiveUser(request);
  request.user = null;
  request.sessionToken = recalled.token;
  request.recalled = recalled;
}

/** Who sends a transfer: the user read in this request, or the session recalled for it (checked by its booking). */
export function transferSender(request: FastifyRequest): UserRow | RecalledSession {
  if (request.recalled) return request.recalled;
  return currentUser(request);
}

/**
 * The sender of a requireActiveUserCheckedLater request read afresh, when its booking found the recalled
 * session no longer live or its user changed: forgotten first, then read as requireActiveUser reads it
 * (and refused as it refuses: 401, 403).
 */
export async function readSenderAgain(request: FastifyRequest): Promise<UserRow> {
  if (request.recalled) request.server.deps.rememberedSessions.forget(request.recalled.token);
  await requireActiveUser(request);
  return currentUser(request);
}

/**
 * After requireUser or requireActiveUser, on what changes where money goes (payout details, the
 * password, a withdrawal): the session must have proved its user within the last few minutes, by the
 * app's clock. Otherwise 403 STEP_UP_REQUIRED, and the web app asks for the proof and tries again.
 */
export async function requireFreshProof(request: FastifyRequest): Promise<void> {
  const { db, clock } = request.server.deps;
  if (!request.sessionToken || !(await hasFreshProof(db, request.sessionToken, clock.now()))) {
    const withCode = request.user?.twoFactorEnabled === true;
    throw new AppError(
      'STEP_UP_REQUIRED',
      withCode ? securityMessages.stepUpCodeRequired : securityMessages.stepUpRequired,
    );
  }
}

/**
 * An active operator whose role may do what the route's `permission` names (a route that names none is
 * refused to everyone), with a second factor (without one, every console route answers
 * TWO_FACTOR_REQUIRED and /admin leads to setting one up): a deactivated operator keeps no access to
 * the console. A console session ends after the consoleIdleMinutes setting without a request its
 * operator made (a request marked unattended — a live update's refetch — does not count; member
 * sessions are not affected).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user || !isOperatorRole(request.user.role) || !request.user.isActive)
    throw new AppError('FORBIDDEN', messages.forbidden);
  if (!(await hasSecondFactor(request.server.deps.db, request.user)))
    throw new AppError('TWO_FACTOR_REQUIRED', adminMessages.twoFactorRequired);
  const { permission } = request.routeOptions.config;
  if (!permission || !can(request.user.role, permission)) throw new AppError('FORBIDDEN', messages.forbidden);
  const { db, clock, settings } = request.server.deps;
  const idleMinutes = settings.current().consoleIdleMinutes;
  const attended = request.headers[UNATTENDED_HEADER] === undefined;
  const token = request.sessionToken;
  if (token && !(await touchConsoleSession(db, token, clock.now(), idleMinutes, attended))) {
    throw new AppError('CONSOLE_SESSION_EXPIRED', adminMessages.consoleSessionExpired(idleMinutes));
  }
}

/**
 * The signed-in user of a guarded route. A session requireActiveUserCheckedLater only recalled is no
 * user: taking it for one would skip the check its booking makes, so that is a programming error.
 */
export function currentUser(request: FastifyRequest): UserRow {
  if (request.recalled) throw new Error('a recalled session is not a user: only transferSender hands it on');
  if (!request.user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
  return request.user;
}
