import { listMessages } from '@meridian/shared';
import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';
import { Label } from './label';

/** Long enough to let a word be typed, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  /** The field's name ('Search users'); shown above it with `showLabel`, else read by screen readers only. */
  label: string;
  showLabel?: boolean;
  /** The search in force (say, from the address bar); typing changes it after a pause. */
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
  className?: string;
}

/**
 * A search field that reports what was typed once typing pauses (Enter reports at once), with a
 * clear button, and Escape to clear it. A value changed from outside (Back, a link) shows in the field.
 */
export function SearchInput({
  label,
  showLabel = false,
  value,
  onValueChange,
  placeholder,
  delayMs = SEARCH_DEBOUNCE_MS,
  className,
}: SearchInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  // What this field last reported: a `value` that differs from it came from outside.
  const reported = useRef(value);
  const latest = useRef(onValueChange);
  latest.current = onValueChange;

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);

  const report = (next: string) => {
    if (next === reported.current) return;
    reported.current = next;
    latest.current(next);
  };

  useEffect(() => {
    if (text === reported.current) return;
    const timer = window.setTimeout(() => {
      reported.current = text;
      latest.current(text);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);

  const clear = () => {
    setText('');
    report('');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      report(text);
    } else if (event.key === 'Escape' && text !== '') {
      // Clears the field only; with nothing to clear, Escape goes on to whatever holds the field.
      event.preventDefault();
      event.stopPropagation();
      clear();
    }
  };

  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={showLabel ? undefined : 'sr-only'}>
        {label}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-slate-500 dark:text-slate-400"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className="h-10 pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {text !== '' && (
          <button
            type="button"
            onClick={clear}
            aria-label={listMessages.clearSearch}
            title={listMessages.clearSearch}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-slate-100 dark:focus-visible:outline-indigo-400"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}
