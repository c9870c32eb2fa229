import type { ReactNode, RefObject } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

interface ConfirmModalProps {
  isOpen: boolean;
  title: string;
  description?: string;
  children?: ReactNode;
  /** The confirm button's name; 'Confirm' unless told. */
  confirmLabel?: string;
  /** What the confirm button reads while `busy`, e.g. 'Claiming...'. */
  busyLabel?: string;
  cancelLabel?: string;
  variant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, the close button, Escape and a backdrop click all call this (not while busy). */
  onCancel: () => void;
  /**
   * When given, the close button, Escape and a backdrop click call this instead of `onCancel`: a
   * form may reset on Cancel yet keep what was typed when the dialog is merely dismissed.
   */
  onDismiss?: () => void;
  /** See Modal: where focus goes on close when the opener cannot take it back. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** See Modal: the element to focus on open (a field the dialog asks for). */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** The shared Modal with a Cancel / Confirm pair; the dialog stays put while its action runs. */
export function ConfirmModal({
  isOpen,
  title,
  description,
  children,
  confirmLabel = 'Confirm',
  busyLabel,
  cancelLabel = 'Cancel',
  variant = 'primary',
  busy = false,
  onConfirm,
  onCancel,
  onDismiss,
  returnFocusRef,
  initialFocusRef,
}: ConfirmModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => {
        if (!busy) (onDismiss ?? onCancel)();
      }}
      title={title}
      {...(description ? { description } : {})}
      {...(returnFocusRef ? { returnFocusRef } : {})}
      {...(initialFocusRef ? { initialFocusRef } : {})}
    >
      <div className="flex flex-col gap-5">
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
