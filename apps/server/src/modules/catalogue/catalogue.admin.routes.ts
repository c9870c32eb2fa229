import {
  adminDepositMethodSchema,
  adminIdParamsSchema,
  adminPlanSchema,
  depositMethodBodySchema,
  depositMethodOrderBodySchema,
  planBodySchema,
} from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { createPlan, deletePlan, editPlan, listAdminPlans, setPlanActive } from './catalogue.service.js';
import {
  createMethod,
  editMethod,
  listAdminMethods,
  reorderMethods,
  setMethodActive,
} from './deposit-methods.service.js';

const tags = ['admin'];
const params = adminIdParamsSchema;
const plan = { 200: adminPlanSchema };
const method = { 200: adminDepositMethodSchema };
const actor = (req: FastifyRequest) => `admin:${currentUser(req).email}`;

/**
 * The operator's plans and deposit methods (/api/admin/plans, /api/admin/deposit-methods): admins
 * only, checked on the server; every change audited as admin:<email> in its transaction.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db } = app.deps;

  app.get('/admin/plans', { schema: { tags, response: { 200: z.array(adminPlanSchema) } } }, () => listAdminPlans(db));
  app.post(
    '/admin/plans',
    { schema: { tags, body: planBodySchema, response: { 201: adminPlanSchema } } },
    async (req, reply) => reply.status(201).send(await createPlan(db, req.body, actor(req))),
  );
  app.put('/admin/plans/:id', { schema: { tags, params, body: planBodySchema, response: plan } }, (req) =>
    editPlan(db, req.params.id, req.body, actor(req)),
  );
  app.post('/admin/plans/:id/activate', { schema: { tags, params, response: plan } }, (req) =>
    setPlanActive(db, req.params.id, true, actor(req)),
  );
  app.post('/admin/plans/:id/deactivate', { schema: { tags, params, response: plan } }, (req) =>
    setPlanActive(db, req.params.id, false, actor(req)),
  );
  app.delete('/admin/plans/:id', { schema: { tags, params, response: { 204: z.null() } } }, async (req, reply) => {
    await deletePlan(db, req.params.id, actor(req));
    return reply.status(204).send(null);
  });

  app.get('/admin/deposit-methods', { schema: { tags, response: { 200: z.array(adminDepositMethodSchema) } } }, () =>
    listAdminMethods(db),
  );
  app.post(
    '/admin/deposit-methods',
    { schema: { tags, body: depositMethodBodySchema, response: { 201: adminDepositMethodSchema } } },
    async (req, reply) => reply.status(201).send(await createMethod(db, req.body, actor(req))),
  );
  // A static segment wins over `:id` in Fastify's router; no method may take the id 'order' (slug.ts).
  app.put(
    '/admin/deposit-methods/order',
    {
      schema: {
        tags,
        body: depositMethodOrderBodySchema,
        response: { 200: z.array(adminDepositMethodSchema) },
      },
    },
    (req) => reorderMethods(db, req.body.ids, actor(req)),
  );
  app.put(
    '/admin/deposit-methods/:id',
    { schema: { tags, params, body: depositMethodBodySchema, response: method } },
    (req) => editMethod(db, req.params.id, req.body, actor(req)),
  );
  app.post('/admin/deposit-methods/:id/activate', { schema: { tags, params, response: method } }, (req) =>
    setMethodActive(db, req.params.id, true, actor(req)),
  );
  app.post('/admin/deposit-methods/:id/deactivate', { schema: { tags, params, response: method } }, (req) =>
    setMethodActive(db, req.params.id, false, actor(req)),
  );
};
