import { moneyMessages } from './messages.js';
import { MAX_AMOUNT_CENTS } from './schemas/money.js';

export type DollarsProblem = 'empty' | 'invalid' | 'precision' | 'zero' | 'too-large';

export type ParsedDollars = { ok: true; cents: number } | { ok: false; problem: DollarsProblem };

/** Digits with optional thousands commas ("1,000" or "1000"), then an optional point and decimals. */
const AMOUNT_PATTERN = /^(?:(\d{1,3}(?:,\d{3})+|\d*))(?:\.(\d*))?$/;

/**
 * What the user typed, in dollars ("12.5", "$1,000", ".75"), to integer cents, by reading the
 * digits: never through a float, so "0.29" is 29 cents and not 28.999... More than two decimals,
 * signs, exponents and letters are refused rather than rounded. Zero is refused unless `allowZero`
 * (a setting such as the referral bonus may be $0; an amount of money moved may not).
 */
export function parseDollars(raw: string, { allowZero = false }: { allowZero?: boolean } = {}): ParsedDollars {
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
  if (cents === 0 && !allowZero) return { ok: false, problem: 'zero' };
  return { ok: true, cents };
}

/**
 * An operator's signed amount in dollars ('25', '-12.50', '+1,000', '−3' with a typographic minus)
 * to integer cents, read digit by digit like every amount (never through a float): the console's
 * adjust dialog and `npm run admin -- adjust` read it alike. Null for anything else, zero included.
 */
export function parseSignedDollars(raw: string): number | null {
  const trimmed = raw.trim();
  const negative = /^[-−]/.test(trimmed);
  const unsigned = trimmed.replace(/^[-−+]\s*/, '');
  const parsed = parseDollars(unsigned);
  if (!parsed.ok) return null;
  return negative ? -parsed.cents : parsed.cents;
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

export type PercentProblem = 'empty' | 'invalid' | 'precision' | 'too-large';

export type ParsedPercent = { ok: true; bps: number } | { ok: false; problem: PercentProblem };

/** Digits, then an optional point and decimals, then an optional '%'. */
const PERCENT_PATTERN = /^(\d*)(?:\.(\d*))?\s*%?$/;

/** Whole percents past this are refused before any arithmetic: 10^7 % is 10^9 bps, still exact. */
const PERCENT_WHOLE_DIGITS_MAX = 7;

/**
 * A percentage as typed ("2", "2.5", "0.01", "12.5 %") to basis points (1% = 100 bps), by reading
 * the digits, never through a float: "0.29" is 29 bps and "1.1" is 110, not 110.00000000000001.
 * More than two decimals (a fraction of a basis point), signs, exponents and letters are refused
 * rather than rounded. Zero is a valid percentage; the schema that uses it sets the bounds.
 */
export function parsePercent(raw: string): ParsedPercent {
  const text = raw.trim();
  if (text === '' || text === '%') return { ok: false, problem: 'empty' };
  const match = PERCENT_PATTERN.exec(text);
  if (!match) return { ok: false, problem: 'invalid' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return { ok: false, problem: 'invalid' };
  if (fraction.length > 2) return { ok: false, problem: 'precision' };
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > PERCENT_WHOLE_DIGITS_MAX) return { ok: false, problem: 'too-large' };
  return { ok: true, bps: Number(wholeDigits || '0') * 100 + Number(fraction.padEnd(2, '0')) };
}

/** 250 -> "2.5", 200 -> "2", 1 -> "0.01": basis points as the text of a percent input (no '%'). */
export function bpsToPercentInput(bps: number): string {
  return formatBps(bps).slice(0, -1);
}

export type WholeNumberProblem = 'empty' | 'invalid';

/** A count typed as digits ("30", " 7 "): days, hours. Anything but digits is refused, never rounded. */
export function parseWholeNumber(
  raw: string,
): { ok: true; value: number } | { ok: false; problem: WholeNumberProblem } {
  const text = raw.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  // Nine digits at most keeps the value exact; every bound that uses it is far below.
  if (!/^\d{1,9}$/.test(text)) return { ok: false, problem: 'invalid' };
  return { ok: true, value: Number(text) };
}
