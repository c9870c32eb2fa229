import {
  adjustmentDecisionSchema,
  adminAdjustAwaitingSchema,
  adminAdjustBodySchema,
  adminIdParamsSchema,
  adminRejectBodySchema,
  adminRoleBodySchema,
  adminUserChangeSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserTransactionsQuerySchema,
  pendingAdjustmentsQuerySchema,
  pendingAdjustmentsSchema,
  strictErrors,
  transactionSchema,
  transactionsPageSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { idempotencyKeyHeaders, idempotent } from '../../http/idempotency.js';
import { errorResponses } from '../../http/openapi.js';
import { adjustUserBalance, decideAdjustment, listAwaitingAdjustments } from './adjust.service.js';
import { listAdminUsers } from './admin-users.queries.js';
import {
  consoleActor,
  setActive,
  setRole,
  signOutEverywhere,
  userDetail,
  userTransactions,
} from './admin-users.service.js';

const tags = ['admin-users'];
const params = adminIdParamsSchema;
/** A change of one member: the id may be unknown, the body refused or too large. */
const changed = { 200: adminUserChangeSchema, ...errorResponses(400, 401, 403, 404, 413) };
/** ... or the change refused: never oneself, never the last owner. */
const guarded = { ...changed, ...errorResponses(409) };
/** Activation takes no body; one with fields is a mistake worth a 400, not silence. */
const noBody = z.strictObject({}, strictErrors).nullish();

/** The console's users: list, detail, history, activation, role and balance adjustment. Operators only, by role. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, config, clock } = app.deps;

  app.get(
    '/admin/users',
    {
      config: { permission: 'users.read' },
      schema: {
        operationId: 'listAdminUsers',
        summary: 'Members, searched and filtered, a page at a time',
        tags,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) =>
      listAdminUsers(
        db,
        { q: req.query.q, status: req.query.status },
        { cursor: req.query.cursor, limit: req.query.limit ?? 25 },
      ),
  );

  const detail = {
    operationId: 'getAdminUser',
    summary: 'One member: profile, wallet, investments and referrals',
    tags,
    params,
    response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.get('/admin/users/:id', { config: { permission: 'users.read' }, schema: detail }, (req) =>
    userDetail(db, req.params.id, clock.now()),
  );

  app.get(
    '/admin/users/:id/transactions',
    {
      config: { permission: 'users.read' },
      schema: {
        operationId: 'listAdminUserTransactions',
        summary: 'One member’s transactions, newest first',
        tags,
        params,
        querystring: adminUserTransactionsQuerySchema,
        response: { 200: transactionsPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => userTransactions(db, req.params.id, req.query),
  );

  const activate = {
    operationId: 'activateUser',
    summary: 'Activate a member’s account',
    description: 'Refused with 409 `EMAIL_NOT_VERIFIED` until the member has verified their e-mail address.',
    tags,
    params,
    body: noBody,
    response: guarded,
  };
  app.post('/admin/users/:id/activate', { config: { permission: 'users.activate' }, schema: activate }, (req) =>
    setActive(db, req.params.id, true, currentUser(req), config.publicUrl),
  );

  const deactivate = {
    operationId: 'deactivateUser',
    summary: 'Deactivate a member’s account and end their sessions',
    tags,
    params,
    body: noBody,
    response: guarded,
  };
  app.post('/admin/users/:id/deactivate', { config: { permission: 'users.activate' }, schema: deactivate }, (req) =>
    setActive(db, req.params.id, false, currentUser(req), config.publicUrl),
  );

  const signOut = {
    operationId: 'signUserOutEverywhere',
    summary: 'End every session of an account, on every device',
    tags,
    params,
    body: noBody,
    response: guarded,
  };
  app.post('/admin/users/:id/sign-out', { config: { permission: 'users.sessions' }, schema: signOut }, (req) =>
    signOutEverywhere(db, req.params.id, currentUser(req)),
  );

  const role = {
    operationId: 'setUserRole',
    summary: 'Give an account a role: member, owner, finance, support or auditor',
    tags,
    params,
    body: adminRoleBodySchema,
    response: guarded,
  };
  app.post('/admin/users/:id/role', { config: { permission: 'users.role' }, schema: role }, (req) =>
    setRole(db, req.params.id, req.body.role, currentUser(req)),
  );

  // A money POST: once per Idempotency-Key of this operator; a retry answers the first result.
  app.post(
    '/admin/users/:id/adjust',
    {
      config: { permission: 'balances.adjust' },
      schema: {
        operationId: 'adjustUserBalance',
        summary: 'Credit or debit a member’s balance, with a reason, through the books',
        tags,
        params,
        headers: idempotencyKeyHeaders,
        body: adminAdjustBodySchema,
        response: {
          201: z.object({ transaction: transactionSchema }),
          202: adminAdjustAwaitingSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413),
        },
      },
    },
    async (req, reply) => {
      const admin = currentUser(req);
      const input = { userId: req.params.id, ...req.body, actor: consoleActor(admin), at: clock.now() };
      const outcome = await idempotent(db, req, admin.id, (tx) => adjustUserBalance(tx, input));
      // Four eyes: a large one is only recorded (202) until a second operator approves it.
      if ('awaiting' in outcome) return reply.status(202).send({ pendingAdjustment: outcome.awaiting });
      return reply.status(201).send({ transaction: outcome.booked.transaction });
    },
  );

  app.get(
    '/admin/adjustments',
    {
      config: { permission: 'transactions.read' },
      schema: {
        operationId: 'listPendingAdjustments',
        summary: 'Balance adjustments awaiting a second operator’s approval, oldest first',
        tags,
        querystring: pendingAdjustmentsQuerySchema,
        response: { 200: pendingAdjustmentsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({ items: await listAwaitingAdjustments(db, req.query.userId) }),
  );

  // Money POSTs: once per Idempotency-Key of this operator, like the adjustment itself.
  const decision = (summary: string, operationId: string) => ({
    operationId,
    summary,
    tags,
    params,
    headers: idempotencyKeyHeaders,
    response: { 200: adjustmentDecisionSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
  });
  app.post(
    '/admin/adjustments/:id/approve',
    {
      config: { permission: 'balances.adjust' },
      schema: {
        ...decision('Approve a balance adjustment another operator asked for: it is booked', 'approveAdjustment'),
        body: noBody,
      },
    },
    (req) => {
      const admin = currentUser(req);
      return idempotent(db, req, admin.id, (tx) =>
        decideAdjustment(tx, req.params.id, { kind: 'approve' }, consoleActor(admin), clock.now()),
      );
    },
  );
  app.post(
    '/admin/adjustments/:id/reject',
    {
      config: { permission: 'balances.adjust' },
      schema: {
        ...decision('Reject a balance adjustment awaiting approval, with a reason', 'rejectAdjustment'),
        body: adminRejectBodySchema,
      },
    },
    (req) => {
      const admin = currentUser(req);
      const reject = { kind: 'reject' as const, reason: req.body.reason };
      return idempotent(db, req, admin.id, (tx) =>
        decideAdjustment(tx, req.params.id, reject, consoleActor(admin), clock.now()),
      );
    },
  );
};
