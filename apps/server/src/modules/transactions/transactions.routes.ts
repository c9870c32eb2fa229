import { transactionsPageSchema, transactionsQuerySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listHistory } from '../../core/history/history-page.js';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  app.get(
    '/transactions',
    {
      schema: {
        operationId: 'listTransactions',
        summary: 'The member’s transactions, newest first, a page at a time',
        tags: ['transactions'],
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema, ...errorResponses(400, 401, 403) },
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
