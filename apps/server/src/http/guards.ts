import { messages } from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../core/users/users.queries.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The session token of `user`, set with it. */
    sessionToken: string | null;
  }
}

/**
 * Loads the signed-in user from the session cookie; the user row is read fresh every time.
 * (Auto-activation is applied by the injected reader, core/users/auto-activation.ts.)
 */
async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  const signedIn = await request.server.deps.readSession(request.headers);
  request.sessionToken = signedIn?.token ?? null;
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
