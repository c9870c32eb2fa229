import { cn } from '../../lib/cn';
import { initials } from '../../lib/initials';

/** Background tones that keep white initials above 4.5:1 contrast in both themes. */
const tones = [
  'bg-indigo-600',
  'bg-emerald-700',
  'bg-sky-700',
  'bg-violet-600',
  'bg-rose-600',
  'bg-amber-700',
  'bg-teal-700',
  'bg-fuchsia-700',
] as const;

/** A stable tone per name, so a person keeps their colour across visits. */
function toneOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return tones[hash % tones.length] ?? tones[0];
}

/** An initials avatar drawn locally (no outside avatar service); decorative next to the name. */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white select-none',
        toneOf(name),
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
