import {
  type PayoutDetails,
  payoutDetailsSchema,
  transactionSchema,
  withdrawalMessages,
  withdrawalRequestSchema,
  withdrawalSchema,
  withdrawalWithOtpSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireActiveUser, requireFreshProof, requireUser } from '../../http/guards.js';
import { idempotencyKey, idempotencyKeyHeaders, idempotent } from '../../http/idempotency.js';
import { cancelRequestRoute } from '../../http/money-queue-routes.js';
import { errorResponses } from '../../http/openapi.js';
import { findPayoutDetails, savePayoutDetails } from './withdrawals.queries.js';
import {
  codeVerdict,
  fileWithdrawal,
  requestCode,
  verifyCode,
  type WithdrawalContext,
  withdrawalRequests,
} from './withdrawals.service.js';

const tags = ['withdrawals'];

const EMPTY_PAYOUT: PayoutDetails = {
  bank: { bankName: '', accountNumber: '', accountName: '', routingNumber: '', swiftCode: '' },
  crypto: { bitcoin: '', ethereum: '', litecoin: '' },
};

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock, settings } = app.deps;
  const context = (): WithdrawalContext => {
    const { operatorEmail, minWithdrawalCents } = settings.current();
    return {
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
      operatorEmail,
      minWithdrawalCents,
      now: clock.now(),
    };
  };

  app.post(
    '/withdrawals/otp',
    {
      onRequest: [requireActiveUser, requireFreshProof],
      schema: {
        operationId: 'requestWithdrawalCode',
        summary: 'E-mail a one-time code for this withdrawal',
        tags,
        body: withdrawalRequestSchema,
        response: { 201: z.object({ expiresAt: z.string() }), ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (req, reply) => reply.status(201).send(await requestCode(db, currentUser(req), req.body, context())),
  );

  app.post(
    '/withdrawals/otp/verify',
    {
      onRequest: requireActiveUser,
      schema: {
        operationId: 'verifyWithdrawalCode',
        summary: 'Check the e-mailed code before filing the withdrawal',
        tags,
        body: withdrawalWithOtpSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (req) => verifyCode(db, currentUser(req), req.body, context()),
  );

  app.post(
    '/withdrawals',
    {
      onRequest: [requireActiveUser, requireFreshProof],
      schema: {
        operationId: 'createWithdrawal',
        summary: 'File a withdrawal with its code; the amount is held until an operator decides',
        tags,
        headers: idempotencyKeyHeaders,
        body: withdrawalWithOtpSchema,
        response: {
          201: z.object({ transaction: transactionSchema, withdrawal: withdrawalSchema }),
          ...errorResponses(400, 401, 403, 409, 413),
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      idempotencyKey(req); // refused before a try of the code is taken
      const ctx = context();
      const verdict = await codeVerdict(db, user, req.body, ctx);
      const filed = await idempotent(db, req, user.id, (tx) => fileWithdrawal(tx, user, req.body, verdict, ctx));
      return reply.status(201).send(filed);
    },
  );

  cancelRequestRoute(
    app,
    'withdrawals',
    'Cancel your own pending withdrawal: the held amount returns to the balance',
    withdrawalRequests.cancel,
  );

  app.get(
    '/payout-details',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getPayoutDetails',
        summary: 'The saved bank and crypto details that prefill withdrawals',
        tags,
        response: { 200: payoutDetailsSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const row = await findPayoutDetails(db, currentUser(req).id);
      return {
        bank: { ...EMPTY_PAYOUT.bank, ...(row?.bank ?? {}) },
        crypto: { ...EMPTY_PAYOUT.crypto, ...(row?.crypto ?? {}) },
      };
    },
  );

  app.put(
    '/payout-details',
    {
      onRequest: [requireUser, requireFreshProof],
      schema: {
        operationId: 'savePayoutDetails',
        summary: 'Save the bank and crypto details',
        tags,
        body: payoutDetailsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (req) => {
      await savePayoutDetails(db, currentUser(req).id, req.body, clock.now());
      return { message: withdrawalMessages.payoutSaved };
    },
  );
};
