import {
  completedInvestmentsQuerySchema,
  createInvestmentBodySchema,
  investmentSchema,
  investmentsPageSchema,
  messages,
  moneyMessages,
  text,
  transactionSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { idempotencyKeyHeaders as headers, idempotent } from '../../http/idempotency.js';
import { errorResponses } from '../../http/openapi.js';
import { isUniqueViolation } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import { listFinishedInvestments, listVisibleInvestments, toInvestmentDto } from './investments.queries.js';
import { claimAllProfits, endInvestment, invest } from './investments.service.js';

const tags = ['investments'];
/** Finished investments per page when the client names no limit. */
const COMPLETED_PAGE_SIZE = 12;

export const investmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  const { db, clock } = app.deps;

  app.get(
    '/investments',
    {
      schema: {
        operationId: 'listInvestments',
        summary: 'The member’s investments still shown (active, or completed with profit to claim)',
        tags,
        response: { 200: z.array(investmentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => (await listVisibleInvestments(db, currentUser(req).id)).map(toInvestmentDto),
  );

  app.get(
    '/investments/completed',
    {
      schema: {
        operationId: 'listCompletedInvestments',
        summary:
          'The member’s finished investments (matured or ended early), the last finished first, a page at a time',
        tags,
        querystring: completedInvestmentsQuerySchema,
        response: { 200: investmentsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) =>
      listFinishedInvestments(
        db,
        currentUser(req).id,
        { planId: req.query.planId },
        { cursor: req.query.cursor, limit: req.query.limit ?? COMPLETED_PAGE_SIZE },
      ),
  );

  app.post(
    '/investments',
    {
      schema: {
        operationId: 'createInvestment',
        summary: 'Invest part of the balance in a plan',
        tags,
        headers,
        body: createInvestmentBodySchema,
        response: { 201: investmentSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      try {
        const out = await idempotent(db, req, user.id, (tx) =>
          invest(tx, user, req.body.planId, req.body.amountCents, clock.now()),
        );
        return reply.status(201).send(out);
      } catch (err) {
        // Two concurrent first investments in one plan: the database's unique index decides.
        if (isUniqueViolation(err, 'investments_one_active_per_plan')) {
          throw new AppError('ALREADY_INVESTED', moneyMessages.alreadyInvested);
        }
        throw err;
      }
    },
  );

  app.post(
    '/investments/claim',
    {
      schema: {
        operationId: 'claimProfits',
        summary: 'Move all profit earned to the balance',
        tags,
        headers,
        response: { 200: transactionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const out = await idempotent(db, req, user.id, (tx) => claimAllProfits(tx, user, clock.now()));
      return reply.status(200).send(out);
    },
  );

  app.post(
    '/investments/:id/end',
    {
      schema: {
        operationId: 'endInvestment',
        summary: 'End an investment: its principal returns to the balance',
        tags,
        headers,
        params: z.object({ id: text(100, messages.invalidRequest).min(1, { error: messages.invalidRequest }) }),
        response: { 200: investmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const out = await idempotent(db, req, user.id, (tx) => endInvestment(tx, user, req.params.id, clock.now()));
      return reply.status(200).send(out);
    },
  );
};
