import { messages } from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../core/users/users.queries.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The session token of `user`, set with it. */
    sessionToken: string | null;
    /**
     * Set when `user` was recalled from this node's memory rather than read
     * (requireActiveUserCheckedLater): the route's booking must check the session again.
     */
    sessionRecalled: boolean;
  }
}

/**
 * Loads the signed-in user from the session cookie; the user row is read fresh every time.
 * (Auto-activation is applied by the injected reader, core/users/auto-activation.ts.)
 */
async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  const signedIn = await request.server.deps.readSession(request.headers);
  request.sessionToken = signedIn?.token ?? null;
  request.sessionRecalled = false;
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
 * a route whose booking checks, in its own transaction, that the session is still live and its user
 * still active and unchanged, and that asks requireActiveUser when that check fails (the transfer).
 * A session signed out elsewhere is then found out by the booking, after the body's validation.
 */
export async function requireActiveUserCheckedLater(request: FastifyRequest): Promise<void> {
  const recalled = request.server.deps.rememberedSessions.recall(request.headers);
  if (!recalled) return requireActiveUser(request);
  request.user = recalled.user;
  request.sessionToken = recalled.token;
  request.sessionRecalled = true;
}

/**
 * The session a requireActiveUserCheckedLater request was recalled by, for its booking to check, and
 * how to read it afresh when that check fails (forgotten first; throws as requireActiveUser does).
 * Undefined when the session was read, not recalled.
 */
export function recalledSession(
  request: FastifyRequest,
): { token: string; readAgain: () => Promise<UserRow> } | undefined {
  const token = request.sessionToken;
  if (!request.sessionRecalled || token === null) return undefined;
  return {
    token,
    readAgain: async () => {
      request.server.deps.rememberedSessions.forget(token);
      await requireActiveUser(request);
      return currentUser(request);
    },
  };
}

/** An active admin: a deactivated operator keeps no access to the console. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== 'admin' || !request.user.isActive) throw new AppError('FORBIDDEN', messages.forbidden);
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
  return request.user;
}
