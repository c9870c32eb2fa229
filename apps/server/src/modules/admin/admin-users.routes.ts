import {
  adminAdjustBodySchema,
  adminIdParamsSchema,
  adminRoleBodySchema,
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserTransactionsQuerySchema,
  strictErrors,
  transactionSchema,
  transactionsPageSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { idempotent } from '../../http/idempotency.js';
import { adjustUserBalance } from './adjust.service.js';
import { listAdminUsers } from './admin-users.queries.js';
import { consoleActor, setActive, setRole, userDetail, userTransactions } from './admin-users.service.js';

const tags = ['admin'];
const params = adminIdParamsSchema;
const changed = { 200: adminUserChangeSchema };
/** Activation takes no body; one with fields is a mistake worth a 400, not silence. */
const noBody = z.strictObject({}, strictErrors).nullish();

/** The console's users: list, detail, history, activation, role and balance adjustment. Admins only. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, config, clock } = app.deps;

  app.get(
    '/admin/users',
    { schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } },
    (req) =>
      listAdminUsers(
        db,
        { q: req.query.q, status: req.query.status },
        { cursor: req.query.cursor, limit: req.query.limit ?? 25 },
      ),
  );

  app.get('/admin/users/:id', { schema: { tags, params, response: { 200: adminUserDetailSchema } } }, (req) =>
    userDetail(db, req.params.id, clock.now()),
  );

  app.get(
    '/admin/users/:id/transactions',
    {
      schema: {
        tags,
        params,
        querystring: adminUserTransactionsQuerySchema,
        response: { 200: transactionsPageSchema },
      },
    },
    (req) => userTransactions(db, req.params.id, req.query),
  );

  app.post('/admin/users/:id/activate', { schema: { tags, params, body: noBody, response: changed } }, (req) =>
    setActive(db, req.params.id, true, currentUser(req), config.publicUrl),
  );

  app.post('/admin/users/:id/deactivate', { schema: { tags, params, body: noBody, response: changed } }, (req) =>
    setActive(db, req.params.id, false, currentUser(req), config.publicUrl),
  );

  app.post('/admin/users/:id/role', { schema: { tags, params, body: adminRoleBodySchema, response: changed } }, (req) =>
    setRole(db, req.params.id, req.body.role, currentUser(req)),
  );

  // A money POST: once per Idempotency-Key of this operator; a retry answers the first result.
  app.post(
    '/admin/users/:id/adjust',
    {
      schema: {
        tags,
        params,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: adminAdjustBodySchema,
        response: { 201: z.object({ transaction: transactionSchema }) },
      },
    },
    async (req, reply) => {
      const admin = currentUser(req);
      const input = { userId: req.params.id, ...req.body, actor: consoleActor(admin) };
      const { transaction } = await idempotent(db, req, admin.id, (tx) => adjustUserBalance(tx, input));
      return reply.status(201).send({ transaction });
    },
  );
};
