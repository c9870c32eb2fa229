/** The kinds of receipt accepted, told by their first bytes (never by name or declared type). */
export const RECEIPT_TYPES = [
  {
    contentType: 'image/png',
    extension: 'png',
    matches: (b: Buffer) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { contentType: 'image/jpeg', extension: 'jpg', matches: (b: Buffer) => starts(b, [0xff, 0xd8, 0xff]) },
  {
    contentType: 'image/gif',
    extension: 'gif',
    matches: (b: Buffer) =>
      b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    contentType: 'image/webp',
    extension: 'webp',
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  {
    contentType: 'application/pdf',
    extension: 'pdf',
    matches: (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  },
] as const;

export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/** Bytes needed to tell every accepted kind. */
export const SNIFF_BYTES = 12;

function starts(b: Buffer, magic: number[]): boolean {
  return b.length >= magic.length && magic.every((byte, i) => b[i] === byte);
}

/** The receipt kind these first bytes begin, or null. */
export function receiptTypeOf(head: Buffer): ReceiptType | null {
  return RECEIPT_TYPES.find((t) => t.matches(head)) ?? null;
}
