import { refereeSchema, transactionSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { idempotent } from '../../http/idempotency.js';
import { moveBonusToBalance } from './bonus-move.service.js';
import { listReferees } from './referrals.service.js';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  app.get('/referrals', { schema: { tags: ['referrals'], response: { 200: z.array(refereeSchema) } } }, (req) =>
    listReferees(app.deps.db, currentUser(req)),
  );

  // The referral bonus (and bonus) to the balance: a money POST, once per Idempotency-Key.
  app.post(
    '/referrals/redeem',
    {
      schema: {
        tags: ['referrals'],
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        response: { 200: transactionSchema },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const out = await idempotent(app.deps.db, req, user.id, (tx) => moveBonusToBalance(tx, user));
      return reply.status(200).send(out);
    },
  );
};
