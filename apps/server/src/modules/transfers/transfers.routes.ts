import { recipientQuerySchema, recipientSchema, transactionSchema, transferBodySchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUser,
  readSenderAgain,
  requireActiveUser,
  requireActiveUserCheckedLater,
  transferSender,
} from '../../http/guards.js';
import { idempotencyKey, idempotencyKeyHeaders, requestHash } from '../../http/idempotency.js';
import { errorResponses } from '../../http/openapi.js';
import { TransferCommitter } from '../../ledger/transfer-committer.js';
import { recipientNotice } from './transfers.notice.js';
import { findRecipient, transfer } from './transfers.service.js';

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, settings, clock } = app.deps;
  // One committer per node: concurrent transfers share a transaction (decision 014); each batch's
  // history rows take the app's clock, and each recipient is told in the transfer's transaction.
  const committer = new TransferCommitter(db, {
    maxBatch: config.transferBatchMax,
    maxInFlight: config.transferBatchesInFlight,
    clock,
    notice: recipientNotice(config.publicUrl),
  });

  app.get(
    '/transfers/recipient',
    {
      onRequest: requireActiveUser,
      schema: {
        operationId: 'findTransferRecipient',
        summary: 'The name and stored e-mail of the member an address belongs to, to confirm a transfer',
        tags: ['transfers'],
        querystring: recipientQuerySchema,
        response: { 200: recipientSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const found = await findRecipient(db, currentUser(req), req.query.email, config.recipientLookupLimitPerUser);
      // The address as stored, not as typed: the member confirms the account the money goes to.
      return { name: found.name, email: found.email };
    },
  );

  app.post(
    '/transfers',
    {
      // The booking checks the session again in its own transaction (ledger/transfer-batch.sql), so a
      // session this node read a moment ago is not read again first: the guard only recalls it.
      onRequest: requireActiveUserCheckedLater,
      schema: {
        operationId: 'createTransfer',
        summary: 'Send money to another member',
        description: 'Debits the amount plus the fee; `feeCents`, when sent, must be the fee the server charges.',
        tags: ['transfers'],
        headers: idempotencyKeyHeaders,
        body: transferBodySchema,
        response: { 201: transactionSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async function createTransfer(req, reply) {
      const sent = await transfer(committer, req.body, {
        sender: transferSender(req),
        idempotencyKey: idempotencyKey(req),
        requestHash: requestHash(req),
        feeBps: settings.current().transferFeeBps,
        readSenderAgain: () => readSenderAgain(req),
      });
      return reply.status(201).send(sent);
    },
  );
};
