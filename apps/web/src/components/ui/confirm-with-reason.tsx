import { adminMessages, listMessages } from '@meridian/shared';
import { type KeyboardEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import type { ButtonVariant } from './button';
import { ConfirmModal } from './confirm-modal';
import { Field } from './field';
import { Textarea } from './textarea';

interface ConfirmWithReasonProps {
  isOpen: boolean;
  title: string;
  description?: string;
  /** What is being decided (the member, the amount), shown above the reason. */
  children?: ReactNode;
  label?: string;
  confirmLabel: string;
  busyLabel?: string;
  variant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  busy?: boolean;
  /** Runs with the trimmed reason once one is given. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** Said under the field when it is left empty. */
  requiredMessage?: string;
  maxLength?: number;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A confirmation that needs the operator's reason (a rejection, say): a required textarea in the
 * shared ConfirmModal. Enter confirms, Shift+Enter starts a new line, Escape cancels; an empty
 * reason is refused under the field, which takes the focus.
 */
export function ConfirmWithReason({
  isOpen,
  title,
  description,
  children,
  label = listMessages.reason,
  confirmLabel,
  busyLabel,
  variant = 'danger',
  busy = false,
  onConfirm,
  onCancel,
  requiredMessage = adminMessages.reasonRequired,
  maxLength = 500,
  returnFocusRef,
}: ConfirmWithReasonProps) {
  const id = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  // Each opening starts blank: the reason given for one decision is not offered for the next.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setReason('');
      setProblem(undefined);
    }
  }

  const confirm = () => {
    const trimmed = reason.trim();
    if (trimmed === '') {
      setProblem(requiredMessage);
      fieldRef.current?.focus();
      return;
    }
    onConfirm(trimmed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy) confirm();
  };

  return (
    <ConfirmModal
      isOpen={isOpen}
      title={title}
      {...(description ? { description } : {})}
      confirmLabel={confirmLabel}
      {...(busyLabel ? { busyLabel } : {})}
      variant={variant}
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
      initialFocusRef={fieldRef}
      {...(returnFocusRef ? { returnFocusRef } : {})}
    >
      {children}
      <Field id={id} label={label} error={problem} hint={listMessages.reasonKeys}>
        <Textarea
          ref={fieldRef}
          id={id}
          value={reason}
          maxLength={maxLength}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setReason(event.target.value);
            if (problem) setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
        />
      </Field>
    </ConfirmModal>
  );
}
