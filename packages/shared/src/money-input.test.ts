import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bpsToPercentInput,
  centsToDollarsInput,
  formatBps,
  formatWholeDollars,
  parseDollars,
  parsePercent,
  parseWholeNumber,
} from './money-input.js';
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

describe('parseDollars with allowZero', () => {
  it('reads $0 as 0 cents only when zero is allowed', () => {
    expect(parseDollars('0', { allowZero: true })).toEqual({ ok: true, cents: 0 });
    expect(parseDollars('0.00', { allowZero: true })).toEqual({ ok: true, cents: 0 });
    expect(parseDollars('0')).toEqual({ ok: false, problem: 'zero' });
  });
});

describe('parsePercent', () => {
  it.each([
    ['2', 200],
    ['2.5', 250],
    ['2.50', 250],
    ['0.01', 1],
    ['.5', 50],
    ['1.1', 110],
    ['0.29', 29],
    ['12.5 %', 1_250],
    ['100%', 10_000],
    ['0', 0],
    [' 007 ', 700],
  ])('reads %j as %i basis points', (raw, bps) => {
    expect(parsePercent(raw)).toEqual({ ok: true, bps });
  });

  it.each([
    ['', 'empty'],
    ['%', 'empty'],
    ['abc', 'invalid'],
    ['-1', 'invalid'],
    ['1e2', 'invalid'],
    ['1,5', 'invalid'],
    ['.', 'invalid'],
    ['2.555', 'precision'],
    ['12345678', 'too-large'],
  ])('refuses %j as %s', (raw, problem) => {
    expect(parsePercent(raw)).toEqual({ ok: false, problem });
  });

  it('round-trips every whole number of basis points up to 1000% through the input text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (bps) => {
        expect(parsePercent(bpsToPercentInput(bps))).toEqual({ ok: true, bps });
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes the input text without a percent sign or trailing zeros', () => {
    expect(bpsToPercentInput(250)).toBe('2.5');
    expect(bpsToPercentInput(200)).toBe('2');
    expect(bpsToPercentInput(1)).toBe('0.01');
    expect(bpsToPercentInput(0)).toBe('0');
  });
});

describe('parseWholeNumber', () => {
  it('reads digits and refuses anything else rather than rounding it', () => {
    expect(parseWholeNumber(' 30 ')).toEqual({ ok: true, value: 30 });
    expect(parseWholeNumber('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseWholeNumber('7.5')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseWholeNumber('-3')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseWholeNumber('1e3')).toEqual({ ok: false, problem: 'invalid' });
  });
});
