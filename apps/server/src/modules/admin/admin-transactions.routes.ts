import { adminTransactionsPageSchema, adminTransactionsQuerySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listHistoryWithUsers } from '../../core/history/history-page.js';
import { requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';

/** Every user's transactions, newest first, filtered as the console asks. Operators only, by role. */
export const adminTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  app.get(
    '/admin/transactions',
    {
      config: { permission: 'transactions.read' },
      schema: {
        operationId: 'listAdminTransactions',
        summary: 'Every member’s transactions, newest first, filtered',
        tags: ['admin-transactions'],
        querystring: adminTransactionsQuerySchema,
        response: { 200: adminTransactionsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const { cursor, limit, ...filter } = req.query;
      return listHistoryWithUsers(app.deps.db, filter, { cursor, limit: limit ?? 25 });
    },
  );
};
