import { walletSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { walletOf } from '../../ledger/index.js';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  const wallet = {
    operationId: 'getWallet',
    summary: 'Balance, profit, bonuses and totals, from the books',
    tags: ['wallet'],
    response: { 200: walletSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/wallet', { schema: wallet }, (req) => walletOf(app.deps.db, currentUser(req).id));
};
