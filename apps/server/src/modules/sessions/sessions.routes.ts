import { messages, revokeOthersResultSchema, sessionListSchema, sessionParamsSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { currentUser, requireUser } from '../../http/guards.js';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions.service.js';

/** The signed-in user's sessions: list them, end one, end all but this one. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const { db } = app.deps;

  const tokenOf = (req: { sessionToken: string | null }) => {
    if (!req.sessionToken) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
    return req.sessionToken;
  };

  app.get('/sessions', { schema: { tags: ['sessions'], response: { 200: sessionListSchema } } }, async (req) => ({
    sessions: await listSessions(db, currentUser(req).id, tokenOf(req), new Date()),
  }));

  app.delete(
    '/sessions/:id',
    { schema: { tags: ['sessions'], params: sessionParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await signOutSession(db, currentUser(req).id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/revoke-others',
    { schema: { tags: ['sessions'], response: { 200: revokeOthersResultSchema } } },
    async (req) => ({ revoked: await signOutOtherSessions(db, currentUser(req).id, tokenOf(req)) }),
  );
};
