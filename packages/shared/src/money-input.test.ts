import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollarsInput, formatBps, formatWholeDollars, parseDollars } from './money-input.js';
import { MAX_AMOUNT_CENTS } from './schemas/money.js';

describe('parseDollars', () => {
  it.each([
    ['12.5', 1_250],
    ['$1,000', 100_000],
    ['.75', 75],
    ['0.29', 29],
    ['1,234.56', 123_456],
    [' 100 ', 10_000],
  ])('reads %j as %i cents', (raw, cents) => {
    expect(parseDollars(raw)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'empty'],
    ['abc', 'invalid'],
    ['-5', 'invalid'],
    ['1e3', 'invalid'],
    ['1,00', 'invalid'],
    ['.', 'invalid'],
    ['1.234', 'precision'],
    ['0.00', 'zero'],
    ['99999999999999999999999', 'too-large'],
  ])('refuses %j as %s', (raw, problem) => {
    expect(parseDollars(raw)).toEqual({ ok: false, problem });
  });

  it('round-trips every amount of cents the API accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseDollars(centsToDollarsInput(cents))).toEqual({ ok: true, cents });
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('display helpers', () => {
  it('formats basis points and whole dollars', () => {
    expect(formatBps(500)).toBe('5%');
    expect(formatBps(1_250)).toBe('12.5%');
    expect(formatWholeDollars(2_000_000)).toBe('$20,000');
  });
});
