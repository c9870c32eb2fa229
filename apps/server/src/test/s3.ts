import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../lib/object-store.js';

/** A real S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket, for a test file. */
export async function startS3(
  bucket = 'receipts',
): Promise<{ settings: S3Settings; directory: string; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'meridian-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as unknown as { port: number } | [string, number];
  const port = Array.isArray(address) ? address[1] : address.port;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
