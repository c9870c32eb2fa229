import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './use-idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newIdempotencyKey', () => {
  it('is a fresh UUID v4 each time', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(50);
  });

  it('is a UUID v4 from random bytes where randomUUID is missing (a page not served over HTTPS)', () => {
    const random = crypto.getRandomValues.bind(crypto);
    const getRandomValues = vi.fn((bytes: Uint8Array) => random(bytes));
    vi.stubGlobal('crypto', { getRandomValues });
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(50);
    expect(getRandomValues).toHaveBeenCalledTimes(50);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
