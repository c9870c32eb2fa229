import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryDelay, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries a 4xx: the answer will not change', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 499]) {
      expect(shouldRetry(0, new ApiError('X', 'x', status)), String(status)).toBe(false);
    }
  });

  it('retries a network failure, a 5xx or anything else three more times', () => {
    for (const error of [new ApiError('NETWORK', 'x', 0), new ApiError('INTERNAL', 'x', 500), new Error('x'), 'x']) {
      expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, error))).toEqual([true, true, true, false]);
    }
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
