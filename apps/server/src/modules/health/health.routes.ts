import { healthSchema, publicConfigSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from '../../db/client.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['system'], response: { 200: healthSchema } } }, async () => {
    await ping(app.deps.db);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  app.get(
    '/public-config',
    {
      schema: {
        tags: ['system'],
        response: { 200: publicConfigSchema },
      },
    },
    () => ({
      supportEmail: app.deps.config.supportEmail,
      supportChatUrl: app.deps.config.supportChatUrl,
      securityDepositBps: app.deps.config.securityDepositBps,
    }),
  );
};
