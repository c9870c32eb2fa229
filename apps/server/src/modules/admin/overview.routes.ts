import { adminOverviewSchema, auditPageSchema, auditQuerySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/guards.js';
import { listAudit } from './audit.queries.js';
import { adminOverview } from './overview.service.js';

/** The console's overview and its audit log. Admins only. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, clock } = app.deps;

  app.get('/admin/overview', { schema: { tags: ['admin'], response: { 200: adminOverviewSchema } } }, () =>
    adminOverview(db, clock.now()),
  );

  app.get(
    '/admin/audit',
    { schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    (req) => {
      const { cursor, limit, ...filter } = req.query;
      return listAudit(db, filter, { cursor, limit: limit ?? 25 });
    },
  );
};
