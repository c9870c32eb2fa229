import { transactionsPageSchema, transactionsQuerySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listHistory } from '../../core/history/history-page.js';
import { currentUser, requireActiveUser } from '../../http/guards.js';

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  app.get(
    '/transactions',
    {
      schema: {
        tags: ['transactions'],
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema },
      },
    },
    (req) =>
      listHistory(
        app.deps.db,
        { userId: currentUser(req).id, type: req.query.type, category: req.query.category },
        { cursor: req.query.cursor, limit: req.query.limit ?? 20 },
      ),
  );
};
