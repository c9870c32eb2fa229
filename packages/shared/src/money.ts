/**
 * Money is integer cents everywhere (DESIGN.md section 1). These helpers only format and guard;
 * no arithmetic the server trusts happens in the browser.
 */

/** Throws unless `cents` is a safe integer: the runtime guard every amount passes through. */
export function assertCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
  return cents;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** 123450 -> "$1,234.50": exactly two decimals, dollars (spec section 9). */
export function formatCents(cents: number): string {
  return usd.format(assertCents(cents) / 100);
}

/**
 * The security deposit the caution dialog announces for a withdrawal of `amountCents`: `depositBps`
 * of it, rounded half up to the cent. Shown only (an operator asks for it); the server books nothing by it.
 */
export function securityDepositCents(amountCents: number, depositBps: number): number {
  return Math.floor((assertCents(amountCents) * depositBps + 5_000) / 10_000);
}

/**
 * The transfer fee in cents for `amountCents`: 2% (TRANSFER_FEE_BPS), rounded half up to the cent,
 * and never less than 1 cent when a fee is charged at all (so 1-24 cent transfers, whose 2% rounds
 * to 0, still pay 1 cent; docs/decisions/005). A 0 bps fee setting charges nothing.
 * The server charges exactly this; the web app only displays it.
 */
export function transferFeeCents(amountCents: number, feeBps: number): number {
  const fee = Math.floor((assertCents(amountCents) * feeBps + 5_000) / 10_000);
  return feeBps > 0 && amountCents > 0 ? Math.max(1, fee) : fee;
}
