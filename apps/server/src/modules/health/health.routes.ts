import { healthSchema, publicConfigSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from '../../db/client.js';
import { errorResponses, publicAccess } from '../../http/openapi.js';

const tags = ['system'];

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const health = {
    operationId: 'getHealth',
    summary: 'Whether the server and its database answer',
    tags,
    security: publicAccess,
    response: { 200: healthSchema, ...errorResponses(400) },
  };
  app.get('/health', { schema: health }, async () => {
    await ping(app.deps.db);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  app.get(
    '/public-config',
    {
      schema: {
        operationId: 'getPublicConfig',
        summary: 'The settings the screens need before sign-in',
        tags,
        security: publicAccess,
        response: { 200: publicConfigSchema, ...errorResponses(400) },
      },
    },
    () => {
      const s = app.deps.settings.current();
      return {
        supportEmail: s.supportEmail,
        supportChatUrl: s.supportChatUrl,
        securityDepositBps: s.securityDepositBps,
        transferFeeBps: s.transferFeeBps,
        referralBonusCents: s.referralBonusCents,
        minDepositCents: s.minDepositCents,
        minWithdrawalCents: s.minWithdrawalCents,
      };
    },
  );
};
