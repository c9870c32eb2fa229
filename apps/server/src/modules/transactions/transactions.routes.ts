import { messages, transactionsPageSchema, transactionsQuerySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.js';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { listTransactions } from './transactions.queries.js';

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
    async (req) => {
      const page = await listTransactions(app.deps.db, currentUser(req).id, {
        type: req.query.type,
        category: req.query.category,
        cursor: req.query.cursor,
        limit: req.query.limit ?? 20,
      });
      if (!page) throw new AppError('VALIDATION_FAILED', messages.invalidRequest, { cursor: messages.invalidRequest });
      return page;
    },
  );
};
