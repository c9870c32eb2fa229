import { newKey, type TestClient } from './client.js';

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `size` bytes starting with `head` (a file's signature, say). */
export function fileOf(head: Buffer | string, size: number): Buffer {
  const b = Buffer.alloc(size, 0x2a);
  Buffer.from(head).copy(b);
  return b;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----meridian${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/deposits from this client, with an Idempotency-Key unless `key` is null. */
export function postDeposit(client: TestClient, parts: Part[], key: string | null = newKey()) {
  const { body, contentType } = multipart(parts);
  return client.request('POST', '/api/deposits', body, {
    'content-type': contentType,
    ...(key ? { 'idempotency-key': key } : {}),
  });
}

/** A valid deposit of `amountCents` by PayPal with a small PNG receipt. */
export function depositParts(amountCents: number | string, methodId = 'paypal'): Part[] {
  return [
    { name: 'amountCents', value: String(amountCents) },
    { name: 'methodId', value: methodId },
    { name: 'receipt', filename: 'receipt.png', type: 'image/png', data: fileOf(PNG_SIGNATURE, 2_000) },
  ];
}
