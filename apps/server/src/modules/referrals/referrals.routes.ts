import { refereeSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { listReferees } from './referrals.service.js';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  app.get('/referrals', { schema: { tags: ['referrals'], response: { 200: z.array(refereeSchema) } } }, (req) =>
    listReferees(app.deps.db, currentUser(req)),
  );
};
