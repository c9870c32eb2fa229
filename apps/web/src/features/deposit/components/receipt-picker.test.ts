import { RECEIPT_MAX_BYTES } from '@meridian/shared';
import { describe, expect, it } from 'vitest';
import { receiptProblem } from './receipt-picker';

const file = (size: number, type: string) => new File([new Uint8Array(size)], 'receipt', { type });

describe('receiptProblem', () => {
  it('takes an image or a PDF up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf']) {
      expect(receiptProblem(file(1, type)), type).toBeNull();
    }
    expect(receiptProblem(file(RECEIPT_MAX_BYTES, 'image/png'))).toBeNull();
  });

  it('says a file over 5 MB is too large, whatever its type', () => {
    expect(receiptProblem(file(RECEIPT_MAX_BYTES + 1, 'image/png'))).toBe('File size should be less than 5MB');
    expect(receiptProblem(file(RECEIPT_MAX_BYTES + 1, 'text/plain'))).toBe('File size should be less than 5MB');
  });

  it('refuses an empty file and any other type', () => {
    const wrongType = 'The receipt must be an image (PNG, JPEG, WebP or GIF) or a PDF';
    expect(receiptProblem(file(0, 'image/png'))).toBe(wrongType);
    for (const type of ['image/svg+xml', 'text/html', 'application/zip', '']) {
      expect(receiptProblem(file(10, type)), type).toBe(wrongType);
    }
  });
});
