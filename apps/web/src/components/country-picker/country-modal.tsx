import { COUNTRY_SEARCH_LIMIT } from '@meridian/shared';
import { Check, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from '../ui/input';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { type Country, flagUrl, searchCountries, useCountries } from './use-countries';

interface CountryModalProps {
  isOpen: boolean;
  onClose: () => void;
  onSelect: (name: string) => void;
  selected?: string;
}

/** The option the arrow keys move to from `index`, within `count` options (no wrap, as the ARIA listbox). */
function moveTo(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Search box plus at most five matching countries, each with its flag (spec section 2). The box is a
 * combobox over a listbox (the ARIA pattern): the focus stays in the box while Up/Down/Home/End move the
 * active option (aria-activedescendant) and Enter picks it; a click picks any option.
 */
export function CountryModal({ isOpen, onClose, onSelect, selected }: CountryModalProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const searchId = useId();
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const { data: all = [], isPending } = useCountries(isOpen);
  const results = searchCountries(all, query, COUNTRY_SEARCH_LIMIT);
  // Kept in range as the results narrow; the first match is active until the arrows move.
  const activeIndex = Math.min(active, results.length - 1);
  const optionId = (country: Country) => `${listId}-${country.code}`;
  const activeCountry = activeIndex >= 0 ? results[activeIndex] : undefined;

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };
  const pick = (country: Country) => {
    onSelect(country.name);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (activeCountry) pick(activeCountry);
      return;
    }
    const next = moveTo(event.key, activeIndex, results.length);
    if (next === null || results.length === 0) return;
    event.preventDefault();
    setActive(next);
    const target = results[next];
    if (target) document.getElementById(optionId(target))?.scrollIntoView({ block: 'nearest' });
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
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeCountry ? optionId(activeCountry) : undefined}
            autoComplete="off"
            placeholder="Search countries"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="pl-9"
          />
        </div>
        {isPending ? (
          <div className="flex justify-center py-6 text-slate-500 dark:text-slate-400">
            <Spinner />
          </div>
        ) : results.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No countries found</p>
        ) : null}
        {/* Always in the page, so the box's aria-controls names an element even with no results. */}
        <div id={listId} role="listbox" aria-label="Countries" className="flex flex-col gap-1">
          {!isPending &&
            results.map((country, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the search box (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box's keys move and pick (onKeyDown above)
              <div
                key={country.code}
                id={optionId(country)}
                role="option"
                aria-label={country.name}
                aria-selected={index === activeIndex}
                data-chosen={country.name === selected || undefined}
                // The pointer moves the active option too, so the keyboard goes on from where it points.
                onPointerMove={() => setActive(index)}
                onClick={() => pick(country)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 transition-colors dark:text-slate-200',
                  'data-[chosen]:font-medium aria-selected:bg-slate-100 aria-selected:outline-2 aria-selected:outline-indigo-600 dark:aria-selected:bg-slate-800 dark:aria-selected:outline-indigo-400',
                )}
              >
                <img
                  src={flagUrl(country.code)}
                  alt={`Flag of ${country.name}`}
                  width={28}
                  height={20}
                  loading="lazy"
                  className="h-5 w-7 shrink-0 rounded-sm object-cover ring-1 ring-slate-900/10 dark:ring-white/10"
                />
                <span className="min-w-0 flex-1 break-words">{country.name}</span>
                {country.name === selected && (
                  <Check className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
                )}
              </div>
            ))}
        </div>
      </div>
    </Modal>
  );
}
