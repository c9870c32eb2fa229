import { COUNTRY_SEARCH_LIMIT } from '@meridian/shared';
import { Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Input } from '../ui/input';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { flagUrl, searchCountries, useCountries } from './use-countries';

interface CountryModalProps {
  isOpen: boolean;
  onClose: () => void;
  onSelect: (name: string) => void;
  selected?: string;
}

/** Search box plus at most five matching countries, each with its flag (spec section 2). */
export function CountryModal({ isOpen, onClose, onSelect, selected }: CountryModalProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const { data: all = [], isPending } = useCountries(isOpen);
  const results = searchCountries(all, query, COUNTRY_SEARCH_LIMIT);

  const close = () => {
    setQuery('');
    onClose();
  };

  return (
    <Modal isOpen={isOpen} onClose={close} title="Select your country" initialFocusRef={searchRef}>
      <div className="flex flex-col gap-3">
        <label htmlFor={searchId} className="sr-only">
          Search countries
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            ref={searchRef}
            type="search"
            autoComplete="off"
            placeholder="Search countries"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-9"
          />
        </div>
        {isPending ? (
          <div className="flex justify-center py-6 text-slate-500 dark:text-slate-400">
            <Spinner />
          </div>
        ) : results.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No countries found</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label="Countries">
            {results.map((country) => (
              <li key={country.code}>
                <button
                  type="button"
                  aria-label={country.name}
                  aria-current={country.name === selected || undefined}
                  onClick={() => {
                    onSelect(country.name);
                    close();
                  }}
                  className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-[current]:bg-indigo-50 aria-[current]:font-medium dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400 dark:aria-[current]:bg-indigo-950/60"
                >
                  <img
                    src={flagUrl(country.code)}
                    alt={`Flag of ${country.name}`}
                    width={28}
                    height={20}
                    loading="lazy"
                    className="h-5 w-7 shrink-0 rounded-sm object-cover ring-1 ring-slate-900/10 dark:ring-white/10"
                  />
                  <span>{country.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
