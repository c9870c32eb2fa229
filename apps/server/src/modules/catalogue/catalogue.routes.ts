import { DEPOSIT_METHODS_LIMIT, depositMethodSchema, planSchema } from '@meridian/shared';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depositMethods, plans } from '../../db/schema/index.js';
import { requireActiveUser } from '../../http/guards.js';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);

  app.get('/plans', { schema: { tags: ['plans'], response: { 200: z.array(planSchema) } } }, () =>
    app.deps.db
      .select({
        id: plans.id,
        name: plans.name,
        minCents: plans.minCents,
        maxCents: plans.maxCents,
        durationDays: plans.durationDays,
        profitBps: plans.profitBps,
        minRoiBps: plans.minRoiBps,
        maxRoiBps: plans.maxRoiBps,
      })
      .from(plans)
      .orderBy(asc(plans.minCents)),
  );

  app.get('/deposit-methods', { schema: { tags: ['deposits'], response: { 200: z.array(depositMethodSchema) } } }, () =>
    app.deps.db
      .select({
        id: depositMethods.id,
        label: depositMethods.label,
        type: depositMethods.type,
        details: depositMethods.details,
      })
      .from(depositMethods)
      .orderBy(asc(depositMethods.createdAt), asc(depositMethods.id))
      .limit(DEPOSIT_METHODS_LIMIT),
  );
};
