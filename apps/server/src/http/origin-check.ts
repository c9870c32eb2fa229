import { messages } from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onRequest for every /api route: a state-changing request that a browser says came from another
 * site is refused before any route runs — its Origin is not one of ours or, when a browser sent no
 * Origin, its Sec-Fetch-Site is not same-origin. A request with neither header is not a browser's
 * (curl, a server, the tests) and carries no ambient cookie of a visitor, so it goes on to its guards.
 * The operator's internal endpoint is exempt: it answers loopback callers with its token only.
 */
export function originCheck(trusted: readonly string[]) {
  const allowed = new Set(trusted);
  return async function refuseForeignOrigin(request: FastifyRequest): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/internal/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new AppError('FOREIGN_ORIGIN', messages.foreignOrigin);
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw new AppError('FOREIGN_ORIGIN', messages.foreignOrigin);
  };
}
