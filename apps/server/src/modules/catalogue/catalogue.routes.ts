import { depositMethodSchema, planSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveUser } from '../../http/guards.js';
import { listDepositMethods, listPlans } from './catalogue.queries.js';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);

  app.get('/plans', { schema: { tags: ['plans'], response: { 200: z.array(planSchema) } } }, () =>
    listPlans(app.deps.db),
  );

  app.get('/deposit-methods', { schema: { tags: ['deposits'], response: { 200: z.array(depositMethodSchema) } } }, () =>
    listDepositMethods(app.deps.db),
  );
};
