import { Badge, type BadgeTone } from './badge';

/**
 * Every status word the app shows, by colour: done is green, waiting is yellow, refused or broken
 * is red (spec section 4's success / pending / failed), the rest neutral. One map, so a deposit,
 * a withdrawal, a history row, an e-mail and an account read alike in the member app and the console.
 */
const TONES: ReadonlyMap<string, BadgeTone> = new Map([
  ['success', 'success'],
  ['approved', 'success'],
  ['paid', 'success'],
  ['sent', 'success'],
  ['active', 'success'],
  ['pending', 'warning'],
  ['sending', 'warning'],
  ['failed', 'danger'],
  ['rejected', 'danger'],
  ['inactive', 'danger'],
]);

/** A Map, not an object: a word such as 'constructor' must not find Object.prototype's. */
export function statusTone(status: string): BadgeTone {
  return TONES.get(status) ?? 'neutral';
}

/** A status as a coloured badge; `label` replaces the status word where it reads better ('Paid out'). */
export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} className={className}>
      {label ?? status}
    </Badge>
  );
}
