import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { onDemand } from '../../lib/on-demand';
import { useOnDemand } from '../../lib/use-on-demand';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

const loadModal = onDemand(() => import('./country-modal'));

interface CountryFieldProps {
  id: string;
  value: string;
  onChange: (name: string) => void;
  label?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A read-only Country input; click, Enter or Space opens the searchable country modal. The modal
 * (with Radix's dialog, ~13 KB compressed) is fetched when the input is pointed at or focused, not
 * with the page; opened before it has arrived, it opens when it does (or not at all if it cannot be had).
 */
export function CountryField({ id, value, onChange, label = 'Country', error, ref }: CountryFieldProps) {
  const [open, setOpen] = useState(false);
  const modal = useOnDemand(loadModal);
  const show = () => {
    setOpen(true);
    // Out of reach: the press is taken back, so the modal does not open by surprise later.
    void modal.request().then((arrived) => arrived || setOpen(false));
  };
  const prefetch = () => void modal.request();

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      show();
    }
  };

  return (
    <Field id={id} label={label} error={error}>
      <div className="relative">
        <Input
          id={id}
          ref={ref}
          readOnly
          value={value}
          placeholder="Select your country"
          aria-haspopup="dialog"
          aria-invalid={error ? true : undefined}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={show}
          onKeyDown={onKeyDown}
          className="cursor-pointer pr-10 read-only:bg-white read-only:text-slate-900 dark:read-only:bg-slate-900 dark:read-only:text-slate-100"
        />
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          aria-hidden="true"
        />
      </div>
      {modal.module && (
        <modal.module.CountryModal isOpen={open} onClose={() => setOpen(false)} onSelect={onChange} selected={value} />
      )}
    </Field>
  );
}
