import {
  adminDepositsPageSchema,
  adminIdParamsSchema,
  adminQueueQuerySchema,
  adminRejectBodySchema,
  depositSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { approveDeposit, depositQueue, rejectDeposit } from './deposits.service.js';

const settled = z.object({ deposit: depositSchema, changed: z.boolean() });
const tags = ['admin-deposits'];

/**
 * The operator's deposit queue: pending deposits oldest first (keyset pages), approve and reject.
 * Admins only, checked on the server; each decision is audited under the operator's e-mail in the
 * transaction that makes it, through the same settlement as `npm run admin` (deposits.service.ts).
 */
export const depositAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, config, clock } = app.deps;
  const links = { publicUrl: config.publicUrl };

  app.get(
    '/admin/deposits',
    {
      schema: {
        operationId: 'listPendingDeposits',
        summary: 'Pending deposits, oldest first, a page at a time',
        tags,
        querystring: adminQueueQuerySchema,
        response: { 200: adminDepositsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => depositQueue(db, req.query),
  );

  app.post(
    '/admin/deposits/:id/approve',
    {
      schema: {
        operationId: 'approveDeposit',
        summary: 'Approve a pending deposit',
        tags,
        params: adminIdParamsSchema,
        response: { 200: settled, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => approveDeposit(db, req.params.id, `admin:${currentUser(req).email}`, links, clock.now()),
  );

  app.post(
    '/admin/deposits/:id/reject',
    {
      schema: {
        operationId: 'rejectDeposit',
        summary: 'Reject a pending deposit, with a reason',
        tags,
        params: adminIdParamsSchema,
        body: adminRejectBodySchema,
        response: { 200: settled, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    (req) => rejectDeposit(db, req.params.id, req.body.reason, `admin:${currentUser(req).email}`, links, clock.now()),
  );
};
