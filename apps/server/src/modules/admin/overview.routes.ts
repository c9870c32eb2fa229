import { adminOverviewSchema, auditPageSchema, auditQuerySchema, can } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { listAudit } from './audit.queries.js';
import { adminOverview } from './overview.service.js';

/** The console's overview and its audit log. Operators only, by role. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, clock } = app.deps;

  const overview = {
    operationId: 'getAdminOverview',
    summary: 'Members, money and queues at a glance',
    tags: ['admin-overview'],
    response: { 200: adminOverviewSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/admin/overview', { config: { permission: 'overview.read' }, schema: overview }, async (req) => {
    const answer = await adminOverview(db, clock.now());
    // Its newest audit entries are the audit log's: a role that may not read the log does not see them here.
    return can(currentUser(req).role, 'audit.read') ? answer : { ...answer, recent: [] };
  });

  app.get(
    '/admin/audit',
    {
      config: { permission: 'audit.read' },
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
