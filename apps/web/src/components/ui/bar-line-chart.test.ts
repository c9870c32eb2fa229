import { describe, expect, it } from 'vitest';
import { axisTicks } from './bar-line-chart';

describe('axisTicks', () => {
  it('spaces round figures evenly from zero to above the largest value', () => {
    expect(axisTicks(0, 1_000)).toEqual([0, 200, 400, 600, 800, 1_000]);
    expect(axisTicks(0, 950)).toEqual([0, 200, 400, 600, 800, 1_000]);
    expect(axisTicks(10, 90)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('reaches below zero for a negative value, with zero among the ticks', () => {
    const ticks = axisTicks(-200, 1_000);
    expect(ticks).toEqual([-250, 0, 250, 500, 750, 1_000]);
    expect(axisTicks(-900, -100)).toEqual([-1_000, -800, -600, -400, -200, 0]);
  });

  it('keeps at least `minStep` between ticks (whole cents, whole counts)', () => {
    expect(axisTicks(0, 3, 1)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0, 2)).toEqual([0, 1, 2]);
  });

  it('is zero alone when every value is zero', () => {
    expect(axisTicks(0, 0)).toEqual([0]);
  });

  it('never gives more than six ticks', () => {
    for (const [low, high] of [
      [0, 7],
      [-3, 11],
      [-12_345, 98_765],
      [0, 999_999_999_999],
    ] as const) {
      const ticks = axisTicks(low, high);
      expect(ticks.length, `${low}..${high}`).toBeLessThanOrEqual(6);
      expect(ticks[0], `${low}..${high}`).toBeLessThanOrEqual(Math.min(0, low));
      expect(ticks[ticks.length - 1], `${low}..${high}`).toBeGreaterThanOrEqual(high);
      expect(ticks, `${low}..${high}`).toContain(0);
    }
  });
});
