import { describe, expect, it } from 'vitest';
import { returnTo } from './return-to';

describe('returnTo', () => {
  it('follows a path of this app kept in the location state', () => {
    expect(returnTo({ from: '/transactions?filter=deposit' })).toBe('/transactions?filter=deposit');
    expect(returnTo({ from: '/admin/users/42' })).toBe('/admin/users/42');
  });

  it('goes to the fallback for anything that is not such a path', () => {
    for (const state of [
      undefined,
      null,
      'dashboard',
      {},
      { from: 42 },
      { from: '' },
      { from: 'transactions' },
      { from: '//evil.example/phish' },
      { from: 'https://evil.example/' },
      { from: '/login' },
      { from: '/login?next=/x' },
    ]) {
      expect(returnTo(state), JSON.stringify(state)).toBe('/dashboard');
    }
  });

  it('uses the fallback it is given', () => {
    expect(returnTo(undefined, '/admin')).toBe('/admin');
  });
});
