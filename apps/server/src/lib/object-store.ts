import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * Private storage for uploaded files (deposit receipts): on local disk by default, or in an
 * S3-compatible bucket. Nothing here is ever served directly; an authorised route streams it.
 */
export interface ObjectStore {
  /** Streams `body` in under `key`; on any error nothing is left under the key. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** What the store is, for the start-up line (no secrets). */
  readonly description: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`object key not allowed: ${key}`);
  return key;
}

/** Files under `dir` (created 0700; files 0600), written to a temporary name and renamed when whole. */
export function diskStore(dir: string): ObjectStore {
  const file = (key: string) => path.join(dir, checkKey(key));
  return {
    description: `local disk (${dir})`,
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const partial = `${target}.partial-${process.pid}-${Date.now()}`;
      try {
        await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, target);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key) {
      const target = file(key);
      try {
        await stat(target);
      } catch {
        return null;
      }
      return createReadStream(target);
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible bucket through the AWS SDK. An upload is spooled to a private temporary file
 * first (S3 wants its length up front, and a streamed multipart upload would hold a 5 MB part in
 * memory), then sent from disk with its length; the temporary file is always removed.
 */
export function s3Store(s: S3Settings, spoolDir: string = os.tmpdir()): ObjectStore {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default streams bodies as aws-chunked with a
    // trailing checksum, which S3-compatible servers (s3rver, older MinIO) store framing and all.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    description: `S3 bucket ${s.bucket} at ${new URL(s.endpoint).host}`,
    async put(key, body, contentType) {
      checkKey(key);
      await mkdir(spoolDir, { recursive: true, mode: 0o700 });
      const spool = path.join(spoolDir, `meridian-upload-${randomUUID()}`);
      try {
        await pipeline(body, createWriteStream(spool, { mode: 0o600 }));
        const { size } = await stat(spool);
        await client.send(
          new PutObjectCommand({
            Bucket: s.bucket,
            Key: key,
            Body: createReadStream(spool),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        await rm(spool, { force: true });
      }
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: checkKey(key) }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: checkKey(key) }));
    },
  };
}
