import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStore, type ObjectStore, s3Store } from '../../lib/object-store.js';
import { startS3 } from '../../test/s3.js';
import { ReceiptRefused, storeReceipt } from './receipt-upload.js';

const MB5 = 5 * 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `bytes` as an upload arrives: the first bytes one at a time, then 64 KB chunks. */
async function* upload(bytes: Buffer): AsyncGenerator<Buffer> {
  let at = 0;
  for (; at < Math.min(16, bytes.length); at++) yield bytes.subarray(at, at + 1);
  for (; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

function fileOf(head: Buffer | string, size: number): Buffer {
  const b = Buffer.alloc(size, 0x2a);
  Buffer.from(head).copy(b);
  return b;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReceiptRefused);
  return (err as ReceiptRefused).problem;
}

const stores: { name: string; open(): Promise<{ store: ObjectStore; objects(): string[]; close(): Promise<void> }> }[] =
  [
    {
      name: 'local disk',
      async open() {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-receipts-'));
        const list = (d: string): string[] =>
          readdirSync(d, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? list(path.join(d, e.name)) : [path.join(d, e.name)],
          );
        return {
          store: diskStore(dir),
          objects: () => list(dir),
          close: async () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
    {
      name: 'S3 (s3rver)',
      async open() {
        const s3 = await startS3();
        const spool = mkdtempSync(path.join(os.tmpdir(), 'meridian-spool-'));
        const list = (d: string): string[] =>
          readdirSync(d, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? list(path.join(d, e.name)) : [path.join(d, e.name)],
          );
        return {
          store: s3Store(s3.settings, spool),
          // Objects s3rver holds (its bookkeeping files aside), and anything left in the spool.
          objects: () => [...list(s3.directory).filter((f) => f.endsWith('._S3rver_object')), ...list(spool)],
          close: async () => {
            await s3.close();
            rmSync(spool, { recursive: true, force: true });
          },
        };
      },
    },
  ];

describe.each(stores)('receipts on $name', ({ open }) => {
  let ctx: Awaited<ReturnType<(typeof stores)[number]['open']>>;
  beforeAll(async () => {
    ctx = await open();
  }, 30_000);
  afterAll(() => ctx.close());

  it('stores exactly 5 MB, typed by its bytes, and gives the same bytes back', async () => {
    const bytes = fileOf(PNG, MB5);
    const stored = await storeReceipt(ctx.store, 'receipts/exact', upload(bytes), MB5);
    expect(stored).toMatchObject({ key: 'receipts/exact', sizeBytes: MB5, type: { contentType: 'image/png' } });
    const back = await ctx.store.get('receipts/exact');
    expect(back).not.toBeNull();
    expect((await readAll(back as Readable)).equals(bytes)).toBe(true);
    await ctx.store.delete('receipts/exact');
    expect(await ctx.store.get('receipts/exact')).toBeNull();
  });

  it('refuses 5 MB + 1 byte while streaming and leaves nothing behind', async () => {
    expect(await refusal(storeReceipt(ctx.store, 'receipts/big', upload(fileOf(PNG, MB5 + 1)), MB5))).toBe('too_large');
    expect(await ctx.store.get('receipts/big')).toBeNull();
    expect(ctx.objects()).toEqual([]);
  });

  it.each([
    ['a text file named .png', fileOf('hello, this is text', 300)],
    ['an HTML page declared image/png', fileOf('<!doctype html><script>alert(1)</script>', 300)],
    ['a PNG signature cut short', PNG.subarray(0, 5)],
  ])('refuses %s by its bytes', async (_name, bytes) => {
    expect(await refusal(storeReceipt(ctx.store, 'receipts/fake', upload(bytes), MB5))).toBe('not_allowed_type');
    expect(ctx.objects()).toEqual([]);
  });

  it('refuses an empty file', async () => {
    expect(await refusal(storeReceipt(ctx.store, 'receipts/empty', upload(Buffer.alloc(0)), MB5))).toBe('empty');
    expect(ctx.objects()).toEqual([]);
  });

  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['GIF', Buffer.from('GIF89a'), 'image/gif'],
    ['WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]), 'image/webp'],
    ['PDF', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
  ])('accepts a %s', async (_name, head, contentType) => {
    const stored = await storeReceipt(ctx.store, 'receipts/kind', upload(fileOf(head, 2_000)), MB5);
    expect(stored.type.contentType).toBe(contentType);
    await ctx.store.delete('receipts/kind');
  });
});
