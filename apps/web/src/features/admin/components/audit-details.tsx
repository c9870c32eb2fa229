import type { AuditEntry } from '@meridian/shared';
import { auditChanges, auditNotes } from '../lib/audit-text';

/** An audit entry's before -> after values and notes (the reason, the amount), readable rather than JSON. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  const notes = auditNotes(entry);
  if (changes.length === 0 && notes.length === 0) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <dl className="flex min-w-48 flex-col gap-1 text-xs">
      {changes.map((change) => (
        <div key={change.field || 'status'} className="flex flex-wrap items-baseline gap-x-1.5">
          {change.field && <dt className="font-medium text-slate-600 dark:text-slate-400">{change.field}:</dt>}
          {!change.field && <dt className="sr-only">Change:</dt>}
          <dd className="text-slate-800 dark:text-slate-200">
            <span className="line-through decoration-slate-400/70">{change.before}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            <span className="font-medium">{change.after}</span>
          </dd>
        </div>
      ))}
      {notes.map((note) => (
        <div key={note.label} className="flex flex-wrap items-baseline gap-x-1.5">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{note.label}:</dt>
          <dd className="break-words text-slate-800 dark:text-slate-200">{note.value}</dd>
        </div>
      ))}
    </dl>
  );
}
