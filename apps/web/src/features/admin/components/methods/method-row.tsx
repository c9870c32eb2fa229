import { type AdminDepositMethod, adminMessages } from '@meridian/shared';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Power, PowerOff } from 'lucide-react';
import type { DragEvent, Ref } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { cn } from '../../../../lib/cn';
import { METHOD_DETAIL_FIELDS } from './method-fields';

const { methods: text } = adminMessages;

interface MethodRowProps {
  method: AdminDepositMethod;
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onToggle: () => void;
  toggling: boolean;
  upRef: Ref<HTMLButtonElement>;
  downRef: Ref<HTMLButtonElement>;
  /** Pointer drag and drop, a convenience beside Move up / Move down. */
  drag: {
    onDragStart: (event: DragEvent<HTMLElement>) => void;
    onDragOver: (event: DragEvent<HTMLElement>) => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
    dragging: boolean;
  };
  /** For a role that may only read the methods: no moving, editing or switching. */
  readOnly: boolean;
}

/** One deposit method in the list: its place, label, type, status and details, and what can be done to it. */
export function MethodRow({
  method,
  position,
  count,
  onMove,
  onEdit,
  onToggle,
  toggling,
  upRef,
  downRef,
  drag,
  readOnly,
}: MethodRowProps) {
  const first = position === 1;
  const last = position === count;
  return (
    <li
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      className={cn(
        'flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start dark:border-slate-800 dark:bg-slate-900',
        drag.dragging && 'opacity-50',
      )}
    >
      <div className="flex items-center gap-2 sm:flex-col">
        <span
          draggable={!readOnly}
          onDragStart={drag.onDragStart}
          onDragEnd={drag.onDragEnd}
          title={text.dragHandle(method.label)}
          aria-hidden="true"
          className="hidden cursor-grab text-slate-400 sm:block dark:text-slate-500"
        >
          <GripVertical className="size-5" />
        </span>
        <span className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-200">
          {position}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold break-words text-slate-900 dark:text-white">{method.label}</h2>
          <Badge tone="info">{text.types[method.type]}</Badge>
          <StatusBadge
            status={method.active ? 'active' : 'inactive'}
            label={method.active ? text.active : text.inactive}
          />
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {METHOD_DETAIL_FIELDS[method.type].map(({ key, label, mono }) => (
            <div key={key} className="flex min-w-0 flex-col">
              <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className={cn('break-all text-slate-900 dark:text-white', mono && 'font-mono')}>
                {method.details[key] ?? ''}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {!readOnly && (
        <fieldset aria-label={text.actionsFor(method.label)} className="flex flex-wrap gap-1.5 sm:justify-end">
          {/* aria-disabled, not disabled, at either end: the button keeps focus after a move to the top or bottom. */}
          <Button
            ref={upRef}
            variant="secondary"
            size="sm"
            aria-disabled={first || undefined}
            onClick={() => !first && onMove(-1)}
            className={cn(first && 'cursor-not-allowed opacity-60')}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
            {text.moveUp}
            <span className="sr-only"> {method.label}</span>
          </Button>
          <Button
            ref={downRef}
            variant="secondary"
            size="sm"
            aria-disabled={last || undefined}
            onClick={() => !last && onMove(1)}
            className={cn(last && 'cursor-not-allowed opacity-60')}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
            {text.moveDown}
            <span className="sr-only"> {method.label}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            {text.edit}
            <span className="sr-only"> {method.label}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onToggle} loading={toggling}>
            {!toggling &&
              (method.active ? (
                <PowerOff className="size-4" aria-hidden="true" />
              ) : (
                <Power className="size-4" aria-hidden="true" />
              ))}
            {method.active ? text.deactivate : text.activate}
            <span className="sr-only"> {method.label}</span>
          </Button>
        </fieldset>
      )}
    </li>
  );
}
