import { useCallback, useRef } from 'react';

/** A random UUID v4; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One `Idempotency-Key` per user submission. `keyFor(body)` returns the same key while the same
 * body is submitted again (a retry after a timeout or a dropped connection, where the first attempt
 * may have moved money), and a fresh key once the body changes or `settle()` marks the submission
 * done. The server rolls a failed operation's key back, so reusing it after a refusal is harmless.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);

  const keyFor = useCallback((body: unknown): string => {
    const fingerprint = JSON.stringify(body);
    if (current.current?.fingerprint !== fingerprint) {
      current.current = { fingerprint, key: newIdempotencyKey() };
    }
    return current.current.key;
  }, []);

  const settle = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, settle };
}
