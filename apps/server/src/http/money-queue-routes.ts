import {
  type AdminQueueQuery,
  adminIdParamsSchema,
  adminQueueQuerySchema,
  adminRejectBodySchema,
  cancelRequestBodySchema,
  type MoneyQueue,
  type MoneyQueuePage,
  type MoneyQueueSettlement,
  moneyQueue,
  type Permission,
  requestIdParamsSchema,
} from '@meridian/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { UserRow } from '../core/users/users.queries.js';
import type { Db } from '../db/client.js';
import { currentUser, requireActiveUser, requireAdmin } from './guards.js';
import { idempotencyKeyHeaders, idempotent } from './idempotency.js';
import { errorResponses } from './openapi.js';

/*
 * The routes of the console's queues of money requests (deposits, withdrawals) and of a member's
 * cancellation, built once from MONEY_QUEUES (packages/shared): each queue's paths, operationIds,
 * summaries and schemas follow from its name and noun; its feature hands in the operations
 * (core/money-requests/money-requests.ts).
 */

type Links = { publicUrl: string };

export interface MoneyQueueHandlers<Q extends MoneyQueue> {
  page(db: Db, query: AdminQueueQuery): Promise<MoneyQueuePage<Q>>;
  approve(db: Db, id: string, actor: string, links: Links, now: Date): Promise<MoneyQueueSettlement<Q>>;
  reject(db: Db, id: string, reason: string, actor: string, links: Links, now: Date): Promise<MoneyQueueSettlement<Q>>;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The queue's schemas as Fastify takes them: it cannot resolve an answer typed by a generic queue, so
 * MoneyQueueHandlers<Q> types the handlers against the same entry instead.
 */
const schemasOf = (queue: MoneyQueue): { noun: string; page: ZodType; settled: ZodType } => moneyQueue(queue);

/**
 * The operator's queue of `queue`: pending requests oldest first (keyset pages), approve and reject
 * (with a reason). Operators whose role may read or settle the queue, checked on the server; each decision is audited under the operator's
 * e-mail in the transaction that makes it, through the same settlement as `npm run admin`.
 */
export function moneyQueueRoutes<Q extends MoneyQueue>(queue: Q, ops: MoneyQueueHandlers<Q>): FastifyPluginAsyncZod {
  const { noun, page, settled } = schemasOf(queue);
  const tags = [`admin-${queue}`];
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    const { db, config, clock } = app.deps;
    const links = { publicUrl: config.publicUrl };
    const actor = (req: FastifyRequest) => `admin:${currentUser(req).email}`;
    const read: Permission = `${queue}.read`;
    const settle: Permission = `${queue}.settle`;

    app.get(
      `/admin/${queue}`,
      {
        config: { permission: read },
        schema: {
          operationId: `listPending${capitalised(queue)}`,
          summary: `Pending ${queue}, oldest first, a page at a time`,
          tags,
          querystring: adminQueueQuerySchema,
          response: { 200: page, ...errorResponses(400, 401, 403) },
        },
      },
      (req) => ops.page(db, req.query),
    );

    app.post(
      `/admin/${queue}/:id/approve`,
      {
        config: { permission: settle },
        schema: {
          operationId: `approve${capitalised(noun)}`,
          summary: `Approve a pending ${noun}`,
          tags,
          params: adminIdParamsSchema,
          response: { 200: settled, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (req) => ops.approve(db, req.params.id, actor(req), links, clock.now()),
    );

    app.post(
      `/admin/${queue}/:id/reject`,
      {
        config: { permission: settle },
        schema: {
          operationId: `reject${capitalised(noun)}`,
          summary: `Reject a pending ${noun}, with a reason`,
          tags,
          params: adminIdParamsSchema,
          body: adminRejectBodySchema,
          response: { 200: settled, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      (req) => ops.reject(db, req.params.id, req.body.reason, actor(req), links, clock.now()),
    );
  };
}

/**
 * POST /<queue>/:id/cancel: the member withdraws their own pending request, once per Idempotency-Key,
 * with the same answer as an operator's decision.
 */
export function cancelRequestRoute<Q extends MoneyQueue>(
  app: FastifyInstance,
  queue: Q,
  summary: string,
  cancel: (tx: Db, user: UserRow, id: string, links: Links, now: Date) => Promise<MoneyQueueSettlement<Q>>,
): void {
  const { db, config, clock } = app.deps;
  const links = { publicUrl: config.publicUrl };
  const { noun, settled } = schemasOf(queue);
  app.withTypeProvider<ZodTypeProvider>().post(
    `/${queue}/:id/cancel`,
    {
      onRequest: requireActiveUser,
      schema: {
        operationId: `cancel${capitalised(noun)}`,
        summary,
        tags: [queue],
        headers: idempotencyKeyHeaders,
        params: requestIdParamsSchema,
        body: cancelRequestBodySchema,
        response: { 200: settled, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const user = currentUser(req);
      return idempotent(db, req, user.id, (tx) => cancel(tx, user, req.params.id, links, clock.now()));
    },
  );
}
