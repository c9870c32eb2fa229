import { describe, expect, it } from 'vitest';
import { choiceOf, withParam } from './url-state';

describe('withParam', () => {
  it('sets the filter and keeps the other parameters, without changing the query it was given', () => {
    const before = new URLSearchParams('status=inactive&page=2');
    const after = withParam(before, 'q', 'ann smith');
    expect(after.toString()).toBe('status=inactive&page=2&q=ann+smith');
    expect(before.toString()).toBe('status=inactive&page=2');
    expect(withParam(after, 'status', 'active').toString()).toBe('status=active&page=2&q=ann+smith');
  });

  it('leaves an emptied filter out of the address', () => {
    expect(withParam(new URLSearchParams('q=ann&status=active'), 'q', '').toString()).toBe('status=active');
    expect(withParam(new URLSearchParams(''), 'q', '').toString()).toBe('');
  });
});

describe('choiceOf', () => {
  const statuses = ['all', 'active', 'inactive'] as const;

  it('reads a value of the set as itself and anything else as the fallback', () => {
    expect(choiceOf('inactive', statuses, 'all')).toBe('inactive');
    expect(choiceOf('', statuses, 'all')).toBe('all');
    expect(choiceOf('Active', statuses, 'all')).toBe('all');
    expect(choiceOf('deleted', statuses, 'all')).toBe('all');
  });
});
