import { adminMessages } from '@meridian/shared';
import { useRef } from 'react';
import type { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { Textarea } from '../../../../components/ui/textarea';
import { cn } from '../../../../lib/cn';
import { useIdempotencyKey } from '../../../../lib/use-idempotency-key';
import { useSubmit } from '../../../../lib/use-submit';
import { useAdjustBalance } from '../../api/adjust-balance';
import { adjustFormSchema, adjustPreview } from '../../lib/adjust-amount';

interface AdjustBalanceDialogProps {
  isOpen: boolean;
  onClose: () => void;
  userId: string;
  userName: string;
  balanceCents: number;
}

/**
 * Adjust balance: a signed amount and a required reason, booked once per submission (an
 * Idempotency-Key kept while the same values are retried). The server's refusal ('Insufficient
 * balance') is said in a toast and the dialog stays open to correct it.
 */
export function AdjustBalanceDialog({ isOpen, onClose, userId, userName, balanceCents }: AdjustBalanceDialogProps) {
  const amountRef = useRef<HTMLInputElement | null>(null);
  const form = useZodForm(adjustFormSchema, { defaultValues: { amount: '', reason: '' } });
  const { keyFor, settle } = useIdempotencyKey();
  const adjust = useAdjustBalance();
  const said = adjustPreview(form.watch('amount') ?? '', balanceCents);

  const close = () => {
    if (adjust.isPending) return;
    form.reset();
    onClose();
  };

  const submit = useSubmit({
    run: ({ amount, reason }: z.output<typeof adjustFormSchema>) => {
      const body = { amountCents: amount, reason };
      return adjust.mutateAsync({ userId, ...body, idempotencyKey: keyFor({ userId, ...body }) });
    },
    // Four eyes: a large one is only recorded until a second operator approves it.
    success: (result) =>
      'pendingAdjustment' in result ? adminMessages.fourEyes.adjustmentRequested : adminMessages.adjusted,
    form,
    onSuccess: () => {
      settle();
      form.reset();
      onClose();
    },
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={adminMessages.adjust.title}
      description={`${userName}. ${adminMessages.adjust.description}`}
      initialFocusRef={amountRef}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField name="amount" label={adminMessages.adjust.amountLabel} hint={adminMessages.adjust.amountHint}>
          {({ ref, ...control }) => (
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-0 flex w-9 items-center justify-center text-sm font-medium text-slate-500 dark:text-slate-400"
              >
                $
              </span>
              <Input
                {...control}
                ref={(el) => {
                  ref(el);
                  amountRef.current = el;
                }}
                autoComplete="off"
                spellCheck={false}
                className="pl-8 tabular-nums"
              />
            </div>
          )}
        </FormField>
        <p
          aria-live="polite"
          className={cn(
            'text-sm tabular-nums',
            said.refused ? 'font-medium text-rose-700 dark:text-rose-300' : 'text-slate-700 dark:text-slate-300',
          )}
        >
          {said.text}
        </p>
        <FormField name="reason" label={adminMessages.adjust.reasonLabel}>
          {(control) => <Textarea {...control} maxLength={500} />}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={adjust.isPending}>
            {adjust.isPending ? adminMessages.adjust.submitting : adminMessages.adjust.submit}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
