import { adminTransactionsPageSchema, adminTransactionsQuerySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listHistoryWithUsers } from '../../core/history/history-page.js';
import { requireAdmin } from '../../http/guards.js';

/** Every user's transactions, newest first, filtered as the console asks. Admins only. */
export const adminTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  app.get(
    '/admin/transactions',
    {
      schema: {
        tags: ['admin'],
        querystring: adminTransactionsQuerySchema,
        response: { 200: adminTransactionsPageSchema },
      },
    },
    (req) => {
      const { cursor, limit, ...filter } = req.query;
      return listHistoryWithUsers(app.deps.db, filter, { cursor, limit: limit ?? 25 });
    },
  );
};
