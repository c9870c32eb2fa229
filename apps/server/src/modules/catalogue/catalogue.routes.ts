import { depositMethodSchema, planSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveUser } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { listDepositMethods, listPlans } from './catalogue.queries.js';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);

  const plans = {
    operationId: 'listPlans',
    summary: 'The plans on offer',
    tags: ['plans'],
    response: { 200: z.array(planSchema), ...errorResponses(400, 401, 403) },
  };
  app.get('/plans', { schema: plans }, () => listPlans(app.deps.db));

  const methods = {
    operationId: 'listDepositMethods',
    summary: 'The deposit methods on offer',
    tags: ['deposits'],
    response: { 200: z.array(depositMethodSchema), ...errorResponses(400, 401, 403) },
  };
  app.get('/deposit-methods', { schema: methods }, () => listDepositMethods(app.deps.db));
};
