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
