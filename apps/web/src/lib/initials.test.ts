import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last names’ first letters, in capitals', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  jean   claude van damme ')).toBe('JD');
    expect(initials('Prince')).toBe('P');
  });

  it('shows a question mark for a blank name', () => {
    expect(initials('')).toBe('?');
    expect(initials('   ')).toBe('?');
  });
});
