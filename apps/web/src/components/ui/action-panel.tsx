import { type ReactNode, type Ref, useId } from 'react';
import { Button } from './button';
import { Card } from './card';

interface ActionPanelProps {
  /** The panel's figures: `StatTile term` items of its description list. */
  figures: ReactNode;
  /** The button's content (icon and label). */
  action: ReactNode;
  onAction: () => void;
  disabled: boolean;
  /** Why the button rests ('No profit to claim yet'), shown under it and read as its description. */
  reason?: string | undefined;
  buttonRef?: Ref<HTMLButtonElement>;
  /** The confirmation dialog the button opens. */
  children: ReactNode;
}

/** Two figures and the one action they lead to (Claim All Profits, Move to balance), with its dialog. */
export function ActionPanel({ figures, action, onAction, disabled, reason, buttonRef, children }: ActionPanelProps) {
  const reasonId = useId();
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid min-w-0 flex-1 grid-cols-2 gap-4 sm:max-w-md">{figures}</dl>
      <div className="flex flex-col gap-1.5 sm:items-end">
        <Button
          ref={buttonRef}
          onClick={onAction}
          disabled={disabled}
          aria-describedby={reason ? reasonId : undefined}
          className="w-full sm:w-auto"
        >
          {action}
        </Button>
        {reason && (
          <p id={reasonId} className="text-center text-sm text-slate-600 sm:text-right dark:text-slate-400">
            {reason}
          </p>
        )}
      </div>
      {children}
    </Card>
  );
}
