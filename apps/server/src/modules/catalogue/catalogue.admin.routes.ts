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
import { errorResponses } from '../../http/openapi.js';
import { createPlan, deletePlan, editPlan, listAdminPlans, setPlanActive } from './catalogue.service.js';
import {
  createMethod,
  editMethod,
  listAdminMethods,
  reorderMethods,
  setMethodActive,
} from './deposit-methods.service.js';

const params = adminIdParamsSchema;
const plans = { tags: ['admin-plans'] };
const methods = { tags: ['admin-deposit-methods'] };
const plan = { 200: adminPlanSchema, ...errorResponses(400, 401, 403, 404) };
const method = { 200: adminDepositMethodSchema, ...errorResponses(400, 401, 403, 404) };
const listed = errorResponses(400, 401, 403);
/** A create or edit: its body may be refused, too large, or clash with an existing name or limit. */
const written = errorResponses(400, 401, 403, 404, 409, 413);
const actor = (req: FastifyRequest) => `admin:${currentUser(req).email}`;

/**
 * The operator's plans and deposit methods (/api/admin/plans, /api/admin/deposit-methods): admins
 * only, checked on the server; every change audited as admin:<email> in its transaction.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db } = app.deps;

  const listPlans = { ...plans, operationId: 'listAdminPlans', summary: 'Every plan, active or not' };
  app.get('/admin/plans', { schema: { ...listPlans, response: { 200: z.array(adminPlanSchema), ...listed } } }, () =>
    listAdminPlans(db),
  );
  app.post(
    '/admin/plans',
    {
      schema: {
        ...plans,
        operationId: 'createPlan',
        summary: 'Create a plan',
        body: planBodySchema,
        response: { 201: adminPlanSchema, ...written },
      },
    },
    async (req, reply) => reply.status(201).send(await createPlan(db, req.body, actor(req))),
  );
  const editPlanDoc = {
    ...plans,
    operationId: 'updatePlan',
    summary: 'Edit a plan (existing investments keep their terms)',
  };
  app.put(
    '/admin/plans/:id',
    { schema: { ...editPlanDoc, params, body: planBodySchema, response: { 200: adminPlanSchema, ...written } } },
    (req) => editPlan(db, req.params.id, req.body, actor(req)),
  );
  const activatePlan = { ...plans, operationId: 'activatePlan', summary: 'Offer a plan to members' };
  app.post('/admin/plans/:id/activate', { schema: { ...activatePlan, params, response: plan } }, (req) =>
    setPlanActive(db, req.params.id, true, actor(req)),
  );
  const deactivatePlan = { ...plans, operationId: 'deactivatePlan', summary: 'Stop offering a plan' };
  app.post('/admin/plans/:id/deactivate', { schema: { ...deactivatePlan, params, response: plan } }, (req) =>
    setPlanActive(db, req.params.id, false, actor(req)),
  );
  const removePlan = {
    ...plans,
    operationId: 'deletePlan',
    summary: 'Delete a plan that was never invested in',
    params,
    response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
  };
  app.delete('/admin/plans/:id', { schema: removePlan }, async (req, reply) => {
    await deletePlan(db, req.params.id, actor(req));
    return reply.status(204).send(null);
  });

  const listMethods = { ...methods, operationId: 'listAdminDepositMethods', summary: 'Every deposit method, in order' };
  app.get(
    '/admin/deposit-methods',
    { schema: { ...listMethods, response: { 200: z.array(adminDepositMethodSchema), ...listed } } },
    () => listAdminMethods(db),
  );
  app.post(
    '/admin/deposit-methods',
    {
      schema: {
        ...methods,
        operationId: 'createDepositMethod',
        summary: 'Create a deposit method',
        body: depositMethodBodySchema,
        response: { 201: adminDepositMethodSchema, ...written },
      },
    },
    async (req, reply) => reply.status(201).send(await createMethod(db, req.body, actor(req))),
  );
  // A static segment wins over `:id` in Fastify's router; no method may take the id 'order' (slug.ts).
  app.put(
    '/admin/deposit-methods/order',
    {
      schema: {
        ...methods,
        operationId: 'reorderDepositMethods',
        summary: 'Put the deposit methods in a new order',
        body: depositMethodOrderBodySchema,
        response: { 200: z.array(adminDepositMethodSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    (req) => reorderMethods(db, req.body.ids, actor(req)),
  );
  app.put(
    '/admin/deposit-methods/:id',
    {
      schema: {
        ...methods,
        operationId: 'updateDepositMethod',
        summary: 'Edit a deposit method',
        params,
        body: depositMethodBodySchema,
        response: { 200: adminDepositMethodSchema, ...written },
      },
    },
    (req) => editMethod(db, req.params.id, req.body, actor(req)),
  );
  const activateMethod = { ...methods, operationId: 'activateDepositMethod', summary: 'Offer a deposit method' };
  app.post('/admin/deposit-methods/:id/activate', { schema: { ...activateMethod, params, response: method } }, (req) =>
    setMethodActive(db, req.params.id, true, actor(req)),
  );
  const deactivateMethod = { ...methods, operationId: 'deactivateDepositMethod', summary: 'Stop offering a method' };
  app.post(
    '/admin/deposit-methods/:id/deactivate',
    { schema: { ...deactivateMethod, params, response: method } },
    (req) => setMethodActive(db, req.params.id, false, actor(req)),
  );
};
