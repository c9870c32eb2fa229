import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The address's query with `name` set to `value`, or left out when `value` is empty; the others kept. */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

/** `raw` when it is one of `choices`, else `fallback`. */
export function choiceOf<T extends string>(raw: string, choices: readonly T[], fallback: T): T {
  return choices.includes(raw as T) ? (raw as T) : fallback;
}

/**
 * A list's filter kept in the address bar, so Back, a reload and a shared link show the same list.
 * Changing it replaces the history entry (typing a search does not fill the Back button).
 */
export function useUrlParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string) => setParams((prev) => withParam(prev, name, value), { replace: true, preventScrollReset: true }),
    [name, setParams],
  );
  return [params.get(name) ?? '', set];
}

/** A filter with a closed set of values; anything else in the address reads as `fallback`, which is left out. */
export function useUrlChoice<T extends string>(
  name: string,
  choices: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [raw, set] = useUrlParam(name);
  const value = choiceOf(raw, choices, fallback);
  const choose = useCallback((next: T) => set(next === fallback ? '' : next), [set, fallback]);
  return [value, choose];
}
