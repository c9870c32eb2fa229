import {
  createInvestmentBodySchema,
  investmentSchema,
  messages,
  moneyMessages,
  text,
  transactionSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { idempotent } from '../../http/idempotency.js';
import { isUniqueViolation } from '../../lib/money-transaction.js';
import { listVisibleInvestments, toInvestmentDto } from './investments.queries.js';
import { claimAllProfits, endInvestment, invest } from './investments.service.js';

const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() });

export const investmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  const { db, clock } = app.deps;

  app.get(
    '/investments',
    { schema: { tags: ['investments'], response: { 200: z.array(investmentSchema) } } },
    async (req) => (await listVisibleInvestments(db, currentUser(req).id)).map(toInvestmentDto),
  );

  app.post(
    '/investments',
    {
      schema: {
        tags: ['investments'],
        headers: idempotencyHeader,
        body: createInvestmentBodySchema,
        response: { 201: investmentSchema },
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
    { schema: { tags: ['investments'], headers: idempotencyHeader, response: { 200: transactionSchema } } },
    async (req, reply) => {
      const user = currentUser(req);
      const out = await idempotent(db, req, user.id, (tx) => claimAllProfits(tx, user));
      return reply.status(200).send(out);
    },
  );

  app.post(
    '/investments/:id/end',
    {
      schema: {
        tags: ['investments'],
        headers: idempotencyHeader,
        params: z.object({ id: text(100, messages.invalidRequest).min(1, { error: messages.invalidRequest }) }),
        response: { 200: investmentSchema },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const out = await idempotent(db, req, user.id, (tx) => endInvestment(tx, user, req.params.id, clock.now()));
      return reply.status(200).send(out);
    },
  );
};
