import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { depositMessages } from '@meridian/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Store } from '../../lib/object-store.js';
import { fundedUser } from '../../test/money.js';
import { fileOf, type Part, PNG_SIGNATURE, postDeposit } from '../../test/multipart.js';
import { startS3 } from '../../test/s3.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const MB5 = 5 * 1024 * 1024;
let ctx: TestContext;
let s3: Awaited<ReturnType<typeof startS3>>;
let spool: string;

beforeAll(async () => {
  s3 = await startS3();
  spool = mkdtempSync(path.join(os.tmpdir(), 'meridian-spool-'));
  ctx = await createTestApp({}, undefined, { objects: s3Store(s3.settings, spool) });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await s3.close();
  rmSync(spool, { recursive: true, force: true });
});

/** Objects in the bucket (s3rver keeps one `._S3rver_object` file each), and anything left in the spool. */
function leftovers(): string[] {
  const list = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? list(path.join(d, e.name)) : [path.join(d, e.name)],
    );
  return [...list(s3.directory).filter((f) => f.endsWith('._S3rver_object')), ...list(spool)];
}

const parts = (data: Buffer): Part[] => [
  { name: 'amountCents', value: '10000' },
  { name: 'methodId', value: 'paypal' },
  { name: 'receipt', filename: 'receipt.png', type: 'image/png', data },
];

describe('receipts in an S3 bucket (s3rver)', () => {
  it('keeps exactly 5 MB in the bucket and serves it back to its owner only', async () => {
    const u = await fundedUser(ctx, 0);
    const bytes = fileOf(PNG_SIGNATURE, MB5);
    const res = await postDeposit(u.client, parts(bytes));
    expect(res.statusCode).toBe(201);
    expect(leftovers()).toHaveLength(1);
    const id = res.json().deposit.receiptId as string;
    const own = await u.client.request('GET', `/api/receipts/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(bytes)).toBe(true);
    const other = await fundedUser(ctx, 0);
    expect((await other.client.request('GET', `/api/receipts/${id}`)).statusCode).toBe(404);
  });

  it('refuses 5 MB + 1 byte and a fake image, leaving nothing in the bucket or the spool', async () => {
    const u = await fundedUser(ctx, 0);
    const before = leftovers().length;
    const big = await postDeposit(u.client, parts(fileOf(PNG_SIGNATURE, MB5 + 1)));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(depositMessages.fileTooLarge);
    const fake = await postDeposit(u.client, parts(fileOf('<html>not an image</html>', 1_000)));
    expect(fake.statusCode).toBe(415);
    expect(leftovers()).toHaveLength(before);
  });
});
