import { adminOverviewSchema, auditPageSchema, auditQuerySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { listAudit } from './audit.queries.js';
import { adminOverview } from './overview.service.js';

/** The console's overview and its audit log. Admins only. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, clock } = app.deps;

  const overview = {
    operationId: 'getAdminOverview',
    summary: 'Members, money and queues at a glance',
    tags: ['admin-overview'],
    response: { 200: adminOverviewSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/admin/overview', { schema: overview }, () => adminOverview(db, clock.now()));

  app.get(
    '/admin/audit',
    {
      schema: {
        operationId: 'listAuditLog',
        summary: 'The audit log, newest first, filtered',
        tags: ['admin-audit'],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const { cursor, limit, ...filter } = req.query;
      return listAudit(db, filter, { cursor, limit: limit ?? 25 });
    },
  );
};
