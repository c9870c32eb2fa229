import { useQuery } from '@tanstack/react-query';

export interface Country {
  name: string;
  code: string;
}

/** Loaded on demand so pages without a country field never download the list. */
async function loadCountries(): Promise<readonly Country[]> {
  try {
    const { countries } = await import('virtual:countries');
    return countries;
  } catch (error) {
    console.error('Error fetching countries:', error);
    return [];
  }
}

export function useCountries(enabled: boolean) {
  return useQuery({
    queryKey: ['countries'],
    queryFn: loadCountries,
    enabled,
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
