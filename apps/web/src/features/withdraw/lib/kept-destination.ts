import type { WithdrawalMethod } from '@meridian/shared';

/**
 * The withdrawal's destination between its two steps. Never in the address bar: an account number in
 * the URL lands in the browser's history, its sync and any shared screen (the seed put it there; we
 * keep it in this tab's sessionStorage, which dies with the tab). The code step reads it back after a
 * reload; filing forgets it.
 */
const KEY = 'meridian:withdrawal-destination';

export type Destination = Record<string, string>;

interface Kept {
  amountCents: number;
  method: WithdrawalMethod;
  destination: Destination;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off: the code step then starts over from the form.
    return null;
  }
}

export function keepDestination(kept: Kept): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Full or refused: nothing kept, and the code step will ask for the details again.
  }
}

/** The destination kept for this amount and method, or null (none, another withdrawal's, unreadable). */
export function keptDestination(amountCents: number, method: WithdrawalMethod): Destination | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Partial<Kept>;
    if (kept.amountCents !== amountCents || kept.method !== method) return null;
    const destination = kept.destination;
    if (typeof destination !== 'object' || destination === null) return null;
    const entries = Object.entries(destination);
    return entries.every(([, v]) => typeof v === 'string') ? (destination as Destination) : null;
  } catch {
    return null;
  }
}

export function forgetDestination(): void {
  storage()?.removeItem(KEY);
}
