import { describe, expect, it } from 'vitest';
import { baseReferralId, firstFreeReferralId } from './referral-id.js';

describe('referral ids', () => {
  it('lowercases the name and turns spaces into hyphens', () => {
    expect(baseReferralId('  Ada   Lovelace ')).toBe('ada-lovelace');
    expect(baseReferralId('   ')).toBe('member');
  });
  it('makes a taken id unique with the first free number', () => {
    expect(firstFreeReferralId('ada', new Set())).toBe('ada');
    expect(firstFreeReferralId('ada', new Set(['ada', 'ada-2']))).toBe('ada-3');
  });
});
