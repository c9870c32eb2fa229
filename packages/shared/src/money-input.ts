import { moneyMessages } from './messages.js';
import { MAX_AMOUNT_CENTS } from './schemas/money.js';

export type DollarsProblem = 'empty' | 'invalid' | 'precision' | 'zero' | 'too-large';

export type ParsedDollars = { ok: true; cents: number } | { ok: false; problem: DollarsProblem };

/** Digits with optional thousands commas ("1,000" or "1000"), then an optional point and decimals. */
const AMOUNT_PATTERN = /^(?:(\d{1,3}(?:,\d{3})+|\d*))(?:\.(\d*))?$/;

/**
 * What the user typed, in dollars ("12.5", "$1,000", ".75"), to integer cents, by reading the
 * digits: never through a float, so "0.29" is 29 cents and not 28.999... More than two decimals,
 * signs, exponents and letters are refused rather than rounded.
 */
export function parseDollars(raw: string): ParsedDollars {
  const text = raw.trim().replace(/^\$\s*/, '');
  if (text === '') return { ok: false, problem: 'empty' };
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, problem: 'invalid' };
  const whole = (match[1] ?? '').replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return { ok: false, problem: 'invalid' };
  if (fraction.length > 2) return { ok: false, problem: 'precision' };
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  // Compare lengths first so a 40-digit string never reaches Number().
  if (wholeDigits.length > String(MAX_AMOUNT_CENTS / 100).length) return { ok: false, problem: 'too-large' };
  const cents = Number(wholeDigits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, problem: 'too-large' };
  if (cents === 0) return { ok: false, problem: 'zero' };
  return { ok: true, cents };
}

/** 150000 -> "1500", 1250 -> "12.50": the form value a quick-amount button writes into the input. */
export function centsToDollarsInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** The field messages of an amount the user typed (the 'empty' message depends on the form). */
export const amountProblemMessages: Record<Exclude<DollarsProblem, 'empty'>, string> = {
  invalid: moneyMessages.enterValidAmount,
  precision: moneyMessages.tooManyDecimals,
  zero: moneyMessages.amountNotPositive,
  'too-large': moneyMessages.amountTooLarge,
};

/** 500 -> "5%", 1250 -> "12.5%": basis points as a percentage, for display. */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = String(Math.abs(bps % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest === '' ? `${whole}%` : `${whole}.${rest}%`;
}

/** 10000 -> "$100", 1000000 -> "$10,000": whole-dollar labels of the quick amounts. */
export function formatWholeDollars(cents: number): string {
  return `$${Math.trunc(cents / 100).toLocaleString('en-US')}`;
}
