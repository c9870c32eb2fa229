import {
  adminIdParamsSchema,
  adminQueueQuerySchema,
  adminRejectBodySchema,
  adminWithdrawalsPageSchema,
  withdrawalSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { approveWithdrawal, rejectWithdrawal, withdrawalQueue } from './withdrawals.service.js';

const settled = z.object({ withdrawal: withdrawalSchema, changed: z.boolean() });
const tags = ['admin-withdrawals'];

/**
 * The operator's withdrawal queue: pending requests oldest first with their destination; approving
 * pays the hold out, rejecting returns it to the balance. Admins only; audited as admin:<email> in the
 * settling transaction, through the same settlement as `npm run admin` (withdrawals.service.ts).
 */
export const withdrawalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, config, clock } = app.deps;
  const links = { publicUrl: config.publicUrl };

  app.get(
    '/admin/withdrawals',
    {
      schema: {
        operationId: 'listPendingWithdrawals',
        summary: 'Pending withdrawals, oldest first, a page at a time',
        tags,
        querystring: adminQueueQuerySchema,
        response: { 200: adminWithdrawalsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => withdrawalQueue(db, req.query),
  );

  app.post(
    '/admin/withdrawals/:id/approve',
    {
      schema: {
        operationId: 'approveWithdrawal',
        summary: 'Approve a pending withdrawal',
        tags,
        params: adminIdParamsSchema,
        response: { 200: settled, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => approveWithdrawal(db, req.params.id, `admin:${currentUser(req).email}`, links, clock.now()),
  );

  app.post(
    '/admin/withdrawals/:id/reject',
    {
      schema: {
        operationId: 'rejectWithdrawal',
        summary: 'Reject a pending withdrawal, with a reason',
        tags,
        params: adminIdParamsSchema,
        body: adminRejectBodySchema,
        response: { 200: settled, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    (req) =>
      rejectWithdrawal(db, req.params.id, req.body.reason, `admin:${currentUser(req).email}`, links, clock.now()),
  );
};
