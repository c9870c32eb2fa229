import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStore } from '../../lib/object-store.js';
import { type ReceiptType, receiptTypeOf, SNIFF_BYTES } from './receipt-type.js';

export type ReceiptProblem = 'empty' | 'not_allowed_type' | 'too_large';

/** An upload refused for what it is; nothing of it is left in the store. */
export class ReceiptRefused extends Error {
  constructor(readonly problem: ReceiptProblem) {
    super(`receipt refused: ${problem}`);
  }
}

/** The upload itself broke off or was malformed (the client's doing); nothing of it was kept. */
export class UploadBroken extends Error {
  constructor(cause: unknown) {
    super('the upload broke off or was malformed', { cause });
  }
}

export interface StoredReceipt {
  key: string;
  type: ReceiptType;
  sizeBytes: number;
  /** SHA-256 of the bytes (hex): part of the request's fingerprint for its Idempotency-Key. */
  sha256: string;
}

/**
 * Streams an uploaded file into the store under `key`: never held whole in memory, its kind decided
 * from its first bytes, refused past `maxBytes` while it streams (exactly `maxBytes` passes). A
 * refused or failed upload is drained from the request and leaves nothing under the key.
 */
export async function storeReceipt(
  store: ObjectStore,
  key: string,
  source: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<StoredReceipt> {
  const iterator = source[Symbol.asyncIterator]();
  // Whatever the source throws is the upload's fault, told apart from the store's own failures.
  const chunks: AsyncIterator<Buffer> = {
    next: () =>
      iterator.next().catch((err: unknown) => {
        throw err instanceof UploadBroken ? err : new UploadBroken(err);
      }),
  };
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const type = size === 0 ? null : receiptTypeOf(Buffer.concat(head));
  if (!type || size > maxBytes) {
    if (!ended) await drain(chunks).catch(() => {});
    throw new ReceiptRefused(size === 0 ? 'empty' : !type ? 'not_allowed_type' : 'too_large');
  }

  let total = size;
  let refused: ReceiptRefused | null = null;
  const hash = createHash('sha256');
  async function* body(): AsyncGenerator<Buffer> {
    for (const chunk of head) {
      hash.update(chunk);
      yield chunk;
    }
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      total += next.value.length;
      if (total > maxBytes) {
        refused = new ReceiptRefused('too_large');
        throw refused;
      }
      hash.update(next.value);
      yield next.value;
    }
  }
  try {
    await store.put(key, Readable.from(body()), type.contentType);
  } catch (err) {
    await drain(chunks).catch(() => {});
    await store.delete(key).catch(() => {});
    throw refused ?? (findBroken(err) || err);
  }
  return { key, type, sizeBytes: total, sha256: hash.digest('hex') };
}

/** The UploadBroken behind a store's failure, if the source is what failed (pipeline may wrap it). */
function findBroken(err: unknown): UploadBroken | null {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof UploadBroken) return e;
  }
  return null;
}

/** Reads the rest of an upload and throws it away (a multipart request must be read to its end). */
async function drain(chunks: AsyncIterator<Buffer>): Promise<void> {
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    // discarded
  }
}
