import { createHash, randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import {
  depositFieldsSchema,
  depositMessages,
  depositSchema,
  depositUploadSchema,
  messages,
  RECEIPT_MAX_BYTES,
  text,
  transactionSchema,
} from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enforceRateLimit } from '../../core/rate-limits/rate-limit.js';
import { mayReadPrivateFile } from '../../core/receipts/private-file-access.js';
import { RECEIPT_TYPES } from '../../core/receipts/receipt-type.js';
import { ReceiptRefused, type StoredReceipt, storeReceipt, UploadBroken } from '../../core/receipts/receipt-upload.js';
import { currentUser, requireActiveUser, requireUser } from '../../http/guards.js';
import { idempotencyKey, idempotencyKeyHeaders, idempotent } from '../../http/idempotency.js';
import { cancelRequestRoute } from '../../http/money-queue-routes.js';
import { errorResponses, fileAnswer } from '../../http/openapi.js';
import { AppError } from '../../lib/app-error.js';
import type { ObjectStore } from '../../lib/object-store.js';
import { findReceipt } from './deposits.queries.js';
import { depositRequests, fileDeposit } from './deposits.service.js';

/** Deposits per member are counted per hour. */
const DEPOSIT_WINDOW_MS = 3_600_000;

const REFUSALS = {
  empty: ['RECEIPT_REQUIRED', depositMessages.uploadReceipt],
  not_allowed_type: ['RECEIPT_NOT_ALLOWED', depositMessages.receiptWrongType],
  too_large: ['RECEIPT_TOO_LARGE', depositMessages.fileTooLarge],
} as const;

interface Upload {
  fields: Record<string, string>;
  receipt: StoredReceipt | null;
  /** Why the upload cannot be filed, found while reading it (the rest is still read). */
  problem: AppError | null;
  /** The store failed to keep a well-formed file (our fault, not the client's). */
  storeFailed: boolean;
}

/**
 * Reads the multipart request to its end: text fields kept, the one `receipt` file streamed into
 * the store. A second file, an unknown file field or a refused file is a problem, and whatever was
 * stored is removed before the answer.
 */
async function readUpload(req: FastifyRequest, store: ObjectStore): Promise<Upload> {
  const out: Upload = { fields: {}, receipt: null, problem: null, storeFailed: false };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') out.fields[part.fieldname] = part.value;
        else out.problem ??= new AppError('VALIDATION_FAILED', messages.invalidRequest);
        continue;
      }
      if (part.fieldname !== 'receipt' || out.receipt) {
        part.file.resume();
        out.problem ??= new AppError('VALIDATION_FAILED', depositMessages.receiptOneFile);
        continue;
      }
      try {
        out.receipt = await storeReceipt(store, `receipts/${randomUUID()}`, part.file, RECEIPT_MAX_BYTES);
      } catch (err) {
        if (!(err instanceof ReceiptRefused)) {
          out.storeFailed = !(err instanceof UploadBroken);
          throw err;
        }
        const [code, message] = REFUSALS[err.problem];
        out.problem ??= new AppError(code, message);
      }
    }
  } catch (err) {
    if (out.receipt) await store.delete(out.receipt.key).catch(() => {});
    if (err instanceof AppError) throw err;
    // The multipart parser's refusals (a malformed or cut-off body, too many parts) and a file
    // stream that broke off are the client's; a store that failed is ours (a 500).
    const code = (err as { code?: string }).code ?? '';
    if (err instanceof UploadBroken || code.startsWith('FST_') || !out.storeFailed) {
      throw new AppError('VALIDATION_FAILED', messages.invalidRequest);
    }
    throw err;
  }
  return out;
}

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, objects, settings, clock } = app.deps;
  await app.register(fastifyMultipart, {
    limits: {
      fieldNameSize: 100,
      fieldSize: 1_000,
      fields: 10,
      // One byte past the limit is read so that the store can see it was exceeded.
      fileSize: RECEIPT_MAX_BYTES + 1,
      files: 3,
      parts: 15,
      headerPairs: 50,
    },
  });

  app.post(
    '/deposits',
    {
      onRequest: requireActiveUser,
      schema: {
        operationId: 'createDeposit',
        summary: 'File a deposit with its receipt; it waits for an operator',
        tags: ['deposits'],
        consumes: ['multipart/form-data'],
        multipartBody: depositUploadSchema,
        headers: idempotencyKeyHeaders,
        response: {
          201: z.object({ transaction: transactionSchema, deposit: depositSchema }),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      idempotencyKey(req); // refused before a byte of the upload is stored
      await enforceRateLimit(db, [
        { key: `deposit:user:${user.id}`, limit: config.depositLimitPerUser, windowMs: DEPOSIT_WINDOW_MS },
      ]);
      if (!req.isMultipart()) throw new AppError('RECEIPT_REQUIRED', depositMessages.uploadReceipt);
      const upload = await readUpload(req, objects);
      const discard = async () => {
        if (upload.receipt) await objects.delete(upload.receipt.key).catch(() => {});
      };
      if (upload.problem) {
        await discard();
        throw upload.problem;
      }
      const fields = depositFieldsSchema.safeParse(upload.fields);
      if (!fields.success) {
        await discard();
        throw new AppError('VALIDATION_FAILED', fields.error.issues[0]?.message ?? messages.invalidRequest);
      }
      const { minDepositCents, operatorEmail } = settings.current();
      if (fields.data.amountCents < minDepositCents) {
        await discard();
        throw new AppError('VALIDATION_FAILED', depositMessages.amountBelowMinimum(minDepositCents));
      }
      const receipt = upload.receipt;
      if (!receipt) throw new AppError('RECEIPT_REQUIRED', depositMessages.uploadReceipt);
      const hash = createHash('sha256')
        .update(`POST /api/deposits ${fields.data.amountCents} ${fields.data.methodId} ${receipt.sha256}`)
        .digest('hex');
      let filed: Awaited<ReturnType<typeof fileDeposit>>;
      try {
        filed = await idempotent(
          db,
          req,
          user.id,
          (tx) =>
            fileDeposit(
              tx,
              user,
              {
                amountCents: fields.data.amountCents,
                methodId: fields.data.methodId,
                receipt: {
                  storageKey: receipt.key,
                  contentType: receipt.type.contentType,
                  sizeBytes: receipt.sizeBytes,
                },
              },
              { publicUrl: config.publicUrl, operatorEmail },
              clock.now(),
            ),
          hash,
        );
      } catch (err) {
        await discard();
        throw err;
      }
      // A replay answers with the first deposit: this request's copy of the file is not needed.
      const first = await findReceipt(db, filed.deposit.receiptId);
      if (first?.storageKey !== receipt.key) await discard();
      return reply.status(201).send(filed);
    },
  );

  cancelRequestRoute(
    app,
    'deposits',
    'Cancel your own pending deposit request (nothing had moved)',
    depositRequests.cancel,
  );

  // A receipt is shown to its active owner and to active operators only; to anyone else it does not exist.
  app.get(
    '/receipts/:id',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getReceipt',
        summary: 'A deposit’s receipt file, to its active owner and active admins',
        tags: ['receipts'],
        params: z.object({ id: text(100, messages.notFound) }),
        response: {
          200: fileAnswer(
            'The file, shown inline.',
            RECEIPT_TYPES.map((t) => t.contentType),
          ),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const receipt = await findReceipt(db, req.params.id).catch(() => undefined);
      const allowed = receipt && mayReadPrivateFile(user, receipt.userId);
      const body = allowed ? await objects.get(receipt.storageKey) : null;
      if (!receipt || !allowed || !body) throw new AppError('NOT_FOUND', depositMessages.receiptNotFound);
      const extension = receipt.contentType === 'application/pdf' ? 'pdf' : receipt.contentType.split('/')[1];
      return reply
        .header('content-type', receipt.contentType)
        .header('content-length', String(receipt.sizeBytes))
        .header('content-disposition', `inline; filename="receipt-${receipt.id}.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
