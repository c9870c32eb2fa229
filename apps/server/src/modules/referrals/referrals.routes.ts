import { refereeSchema, transactionSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { idempotencyKeyHeaders, idempotent } from '../../http/idempotency.js';
import { errorResponses } from '../../http/openapi.js';
import { moveBonusToBalance } from './bonus-move.service.js';
import { listReferees } from './referrals.service.js';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  const referees = {
    operationId: 'listReferrals',
    summary: 'The people the member referred',
    tags: ['referrals'],
    response: { 200: z.array(refereeSchema), ...errorResponses(400, 401, 403) },
  };
  app.get('/referrals', { schema: referees }, (req) => listReferees(app.deps.db, currentUser(req)));

  // The referral bonus (and bonus) to the balance: a money POST, once per Idempotency-Key.
  app.post(
    '/referrals/redeem',
    {
      schema: {
        operationId: 'redeemBonuses',
        summary: 'Move the bonus and referral bonus to the balance',
        tags: ['referrals'],
        headers: idempotencyKeyHeaders,
        response: { 200: transactionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const out = await idempotent(app.deps.db, req, user.id, (tx) =>
        moveBonusToBalance(tx, user, app.deps.clock.now()),
      );
      return reply.status(200).send(out);
    },
  );
};
