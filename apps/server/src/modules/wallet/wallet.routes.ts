import { walletSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { walletOf } from '../../ledger/index.js';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  app.get('/wallet', { schema: { tags: ['wallet'], response: { 200: walletSchema } } }, (req) =>
    walletOf(app.deps.db, currentUser(req).id),
  );
};
