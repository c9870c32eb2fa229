import { Readable } from 'node:stream';
import { adminTransactionsExportQuerySchema, adminUsersExportQuerySchema } from '@meridian/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { errorResponses, fileAnswer } from '../../http/openapi.js';
import { consoleActor } from './admin-users.service.js';
import { auditExport, exportFileName, transactionsCsv, usersCsv } from './exports.service.js';

/**
 * CSV downloads of the users and transactions lists, filtered as on screen, streamed (never built
 * in memory). Each export is audited (who, which list, its filters) before the file starts. Operators only, by role.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, clock } = app.deps;

  const send = (reply: FastifyReply, name: string, csv: AsyncGenerator<string>) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      // Byte mode: one page of text is read ahead at most, whatever its size.
      .send(Readable.from(csv, { objectMode: false }));

  const response = { 200: fileAnswer('A CSV file, as a download.', ['text/csv']), ...errorResponses(400, 401, 403) };
  const tags = ['admin-exports'];

  app.get(
    '/admin/exports/users.csv',
    {
      config: { permission: 'exports.download' },
      schema: {
        operationId: 'exportUsersCsv',
        summary: 'The members list as filtered, as CSV',
        tags,
        querystring: adminUsersExportQuerySchema,
        response,
      },
    },
    async (req, reply) => {
      await auditExport(db, consoleActor(currentUser(req)), 'users', req.query);
      return send(reply, exportFileName('users', clock.now()), usersCsv(db, req.query));
    },
  );

  app.get(
    '/admin/exports/transactions.csv',
    {
      config: { permission: 'exports.download' },
      schema: {
        operationId: 'exportTransactionsCsv',
        summary: 'The transactions list as filtered, as CSV',
        tags,
        querystring: adminTransactionsExportQuerySchema,
        response,
      },
    },
    async (req, reply) => {
      await auditExport(db, consoleActor(currentUser(req)), 'transactions', req.query);
      return send(reply, exportFileName('transactions', clock.now()), transactionsCsv(db, req.query));
    },
  );
};
