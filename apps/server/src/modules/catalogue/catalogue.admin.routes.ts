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
const plans = ['admin-plans'];
const methods = ['admin-deposit-methods'];
const listed = errorResponses(400, 401, 403);
/** Switching one on or off: the id may be unknown. */
const switched = errorResponses(400, 401, 403, 404);
const actor = (req: FastifyRequest) => `admin:${currentUser(req).email}`;

/**
 * The operator's plans and deposit methods (/api/admin/plans, /api/admin/deposit-methods): read by
 * the roles that may, changed by an owner only, checked on the server; every change audited as
 * admin:<email> in its transaction.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db } = app.deps;

  app.get(
    '/admin/plans',
    {
      config: { permission: 'catalogue.read' },
      schema: {
        operationId: 'listAdminPlans',
        summary: 'Every plan, active or not',
        tags: plans,
        response: { 200: z.array(adminPlanSchema), ...listed },
      },
    },
    () => listAdminPlans(db),
  );
  app.post(
    '/admin/plans',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'createPlan',
        summary: 'Create a plan',
        tags: plans,
        body: planBodySchema,
        response: { 201: adminPlanSchema, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (req, reply) => reply.status(201).send(await createPlan(db, req.body, actor(req))),
  );
  app.put(
    '/admin/plans/:id',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'updatePlan',
        summary: 'Edit a plan (existing investments keep their terms)',
        tags: plans,
        params,
        body: planBodySchema,
        response: { 200: adminPlanSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    (req) => editPlan(db, req.params.id, req.body, actor(req)),
  );
  app.post(
    '/admin/plans/:id/activate',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'activatePlan',
        summary: 'Offer a plan to members',
        tags: plans,
        params,
        response: { 200: adminPlanSchema, ...switched },
      },
    },
    (req) => setPlanActive(db, req.params.id, true, actor(req)),
  );
  app.post(
    '/admin/plans/:id/deactivate',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'deactivatePlan',
        summary: 'Stop offering a plan',
        tags: plans,
        params,
        response: { 200: adminPlanSchema, ...switched },
      },
    },
    (req) => setPlanActive(db, req.params.id, false, actor(req)),
  );
  app.delete(
    '/admin/plans/:id',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'deletePlan',
        summary: 'Delete a plan that was never invested in',
        tags: plans,
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await deletePlan(db, req.params.id, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/deposit-methods',
    {
      config: { permission: 'catalogue.read' },
      schema: {
        operationId: 'listAdminDepositMethods',
        summary: 'Every deposit method, in order',
        tags: methods,
        response: { 200: z.array(adminDepositMethodSchema), ...listed },
      },
    },
    () => listAdminMethods(db),
  );
  app.post(
    '/admin/deposit-methods',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'createDepositMethod',
        summary: 'Create a deposit method',
        tags: methods,
        body: depositMethodBodySchema,
        response: { 201: adminDepositMethodSchema, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (req, reply) => reply.status(201).send(await createMethod(db, req.body, actor(req))),
  );
  // A static segment wins over `:id` in Fastify's router; no method may take the id 'order' (slug.ts).
  app.put(
    '/admin/deposit-methods/order',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'reorderDepositMethods',
        summary: 'Put the deposit methods in a new order',
        tags: methods,
        body: depositMethodOrderBodySchema,
        response: { 200: z.array(adminDepositMethodSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    (req) => reorderMethods(db, req.body.ids, actor(req)),
  );
  app.put(
    '/admin/deposit-methods/:id',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'updateDepositMethod',
        summary: 'Edit a deposit method',
        tags: methods,
        params,
        body: depositMethodBodySchema,
        response: { 200: adminDepositMethodSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    (req) => editMethod(db, req.params.id, req.body, actor(req)),
  );
  app.post(
    '/admin/deposit-methods/:id/activate',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'activateDepositMethod',
        summary: 'Offer a deposit method to members',
        tags: methods,
        params,
        response: { 200: adminDepositMethodSchema, ...switched },
      },
    },
    (req) => setMethodActive(db, req.params.id, true, actor(req)),
  );
  app.post(
    '/admin/deposit-methods/:id/deactivate',
    {
      config: { permission: 'catalogue.manage' },
      schema: {
        operationId: 'deactivateDepositMethod',
        summary: 'Stop offering a deposit method',
        tags: methods,
        params,
        response: { 200: adminDepositMethodSchema, ...switched },
      },
    },
    (req) => setMethodActive(db, req.params.id, false, actor(req)),
  );
};
