import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useRef } from 'react';
import { cn } from '../../lib/cn';

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** The element to focus on open (default: the first focusable one, the close button). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the opener cannot take it back (say it was disabled while busy). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** 'lg' widens the panel to 768px for content that needs it (an e-mail as sent); 480px otherwise. */
  size?: 'md' | 'lg';
}

/**
 * The shared dialog (spec section 2): dimmed backdrop, centred panel 90% wide up to 480px, a title
 * and a round close button. Backdrop click and Escape close it; focus is trapped and page scroll
 * is locked while it is open, then restored.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  children,
  className,
  initialFocusRef,
  returnFocusRef,
  size = 'md',
}: ModalProps) {
  // Without a Dialog.Trigger, Radix has nowhere to return focus; remember the opener ourselves.
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (!initialFocusRef?.current) return;
            event.preventDefault();
            initialFocusRef.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const opener = openerRef.current;
            const canReturn = opener?.isConnected && opener !== document.body && !opener.matches(':disabled');
            (canReturn ? opener : returnFocusRef?.current)?.focus();
            openerRef.current = null;
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[90%] -translate-x-1/2 -translate-y-1/2 flex-col',
            size === 'lg' ? 'max-w-3xl' : 'max-w-[480px]',
            'rounded-2xl border border-slate-200 bg-white shadow-2xl data-[state=open]:animate-modal-in',
            'dark:border-slate-800 dark:bg-slate-900',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 transition-colors hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:focus-visible:outline-indigo-400"
            >
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
