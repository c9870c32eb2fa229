import { useQuery } from '@tanstack/react-query';
import { onDemand } from '../../lib/on-demand';

export interface Country {
  name: string;
  code: string;
}

/** Loaded on demand so pages without a country field never download the list. */
const loadList = onDemand(() => import('virtual:countries'));

async function loadCountries(): Promise<readonly Country[]> {
  try {
    return (await loadList()).countries;
  } catch (error) {
    // Spec section 8: logged, and the modal shows an empty list. The failure is not kept: the query
    // fails (rather than caching the empty list for the visit), so the next opening asks again.
    console.error('Error fetching countries:', error);
    throw error;
  }
}

export function useCountries(enabled: boolean) {
  return useQuery({
    queryKey: ['countries'],
    queryFn: loadCountries,
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Case-insensitive match on the common name; the list is already alphabetical. */
export function searchCountries(all: readonly Country[], query: string, limit: number): Country[] {
  const needle = query.trim().toLocaleLowerCase();
  const matches: Country[] = [];
  for (const country of all) {
    if (matches.length >= limit) break;
    if (country.name.toLocaleLowerCase().includes(needle)) matches.push(country);
  }
  return matches;
}

export const flagUrl = (code: string) => `/flags/${code}.svg`;
