import { depositSchema, rejectDepositBodySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { approveDeposit, listPendingDeposits, rejectDeposit } from './deposits.service.js';

const settled = z.object({ deposit: depositSchema, changed: z.boolean() });
const params = z.object({ id: z.string().min(1).max(100) });

/**
 * The operator's deposit queue (the console's first API): pending deposits oldest first, approve and
 * reject. Admins only, checked on the server; each decision is audited under the operator's e-mail
 * in the transaction that makes it (deposits.service.ts).
 */
export const depositAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, config, clock } = app.deps;
  const links = { publicUrl: config.publicUrl };

  app.get('/admin/deposits', { schema: { tags: ['admin'], response: { 200: z.array(depositSchema) } } }, () =>
    listPendingDeposits(db),
  );

  app.post('/admin/deposits/:id/approve', { schema: { tags: ['admin'], params, response: { 200: settled } } }, (req) =>
    approveDeposit(db, req.params.id, `admin:${currentUser(req).email}`, links, clock.now()),
  );

  app.post(
    '/admin/deposits/:id/reject',
    { schema: { tags: ['admin'], params, body: rejectDepositBodySchema, response: { 200: settled } } },
    (req) => rejectDeposit(db, req.params.id, req.body.reason, `admin:${currentUser(req).email}`, links, clock.now()),
  );
};
