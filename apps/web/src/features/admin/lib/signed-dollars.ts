import { parseDollars } from '@meridian/shared';

/**
 * An operator's signed amount in dollars ('25', '-12.50', '+1,000', '−3' with a typographic minus)
 * to integer cents, read digit by digit like every amount (never through a float). Null for anything
 * else, zero included.
 */
export function parseSignedDollars(raw: string): number | null {
  const trimmed = raw.trim();
  const negative = /^[-−]/.test(trimmed);
  const unsigned = trimmed.replace(/^[-−+]\s*/, '');
  const parsed = parseDollars(unsigned);
  if (!parsed.ok) return null;
  return negative ? -parsed.cents : parsed.cents;
}
