import { recipientQuerySchema, recipientSchema, transactionSchema, transferBodySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireActiveUser } from '../../http/guards.js';
import { idempotencyKey, requestHash } from '../../http/idempotency.js';
import { transferCommitter } from '../../ledger/index.js';
import { findRecipient, transfer } from './transfers.service.js';

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireActiveUser);
  const { db, config, settings } = app.deps;
  // One committer per node: concurrent transfers share a transaction (decision 014).
  const bookTransfer = transferCommitter(db, {
    maxBatch: config.transferBatchMax,
    maxInFlight: config.transferBatchesInFlight,
  });

  app.get(
    '/transfers/recipient',
    { schema: { tags: ['transfers'], querystring: recipientQuerySchema, response: { 200: recipientSchema } } },
    async (req) => ({
      name: (await findRecipient(db, currentUser(req), req.query.email, config.recipientLookupLimitPerUser)).name,
    }),
  );

  app.post(
    '/transfers',
    {
      schema: {
        tags: ['transfers'],
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: transferBodySchema,
        response: { 201: transactionSchema },
      },
    },
    async (req, reply) => {
      const out = await transfer(bookTransfer, currentUser(req), {
        recipientEmail: req.body.recipientEmail,
        amountCents: req.body.amountCents,
        idempotencyKey: idempotencyKey(req),
        requestHash: requestHash(req),
        feeBps: settings.current().transferFeeBps,
        shownFeeCents: req.body.feeCents,
      });
      return reply.status(201).send(out);
    },
  );
};
