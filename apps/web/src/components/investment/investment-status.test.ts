import type { Investment } from '@meridian/shared';
import { describe, expect, it } from 'vitest';
import { daysOf, investmentProgress } from './investment-status';

function investment(overrides: Partial<Investment>): Investment {
  return {
    id: 'i1',
    planId: 'p1',
    planName: 'Starter',
    amountCents: 10_000,
    profitBps: 500,
    durationDays: 7,
    profitCents: 0,
    daysAccrued: 0,
    status: 'active',
    startedAt: '2026-11-01T12:00:00.000Z',
    maturesAt: '2026-11-08T12:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

describe('investmentProgress', () => {
  it("counts an active investment's days from the server's accrued days", () => {
    expect(investmentProgress(investment({ daysAccrued: 0 }))).toEqual({
      daysDone: 0,
      daysLeft: 7,
      summary: '7 days left',
    });
    expect(investmentProgress(investment({ daysAccrued: 6 }))).toEqual({
      daysDone: 6,
      daysLeft: 1,
      summary: '1 day left',
    });
    expect(investmentProgress(investment({ daysAccrued: 7 }))).toEqual({
      daysDone: 7,
      daysLeft: 0,
      summary: 'Matures today',
    });
  });

  it('never counts past the term', () => {
    expect(investmentProgress(investment({ daysAccrued: 9 }))).toEqual({
      daysDone: 7,
      daysLeft: 0,
      summary: 'Matures today',
    });
  });

  it('shows a completed investment whole, and one ended early where it stopped', () => {
    expect(investmentProgress(investment({ status: 'completed', daysAccrued: 6 }))).toEqual({
      daysDone: 7,
      daysLeft: 0,
      summary: 'Matured',
    });
    expect(investmentProgress(investment({ status: 'ended', daysAccrued: 3 }))).toEqual({
      daysDone: 3,
      daysLeft: 4,
      summary: 'Ended early',
    });
  });

  it('says the days done of the term in words', () => {
    expect(daysOf(3, 7)).toBe('3 of 7 days');
    expect(daysOf(0, 1)).toBe('0 of 1 day');
  });
});
