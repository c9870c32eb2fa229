import { adminMessages, adminReasonField, formatCents, parseSignedDollars } from '@meridian/shared';
import { useRef } from 'react';
import { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { Textarea } from '../../../../components/ui/textarea';
import { cn } from '../../../../lib/cn';
import { useIdempotencyKey } from '../../../../lib/use-idempotency-key';
import { useSubmit } from '../../../../lib/use-submit';
import { useAdjustBalance } from '../../api/adjust-balance';

/** The dialog's fields in the operator's units: a signed dollar amount, and the reason the books will keep. */
const adjustFormSchema = z.object({
  amount: z.string().transform((raw, ctx) => {
    const cents = parseSignedDollars(raw);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: adminMessages.adjust.amountInvalid });
      return z.NEVER;
    }
    return cents;
  }),
  reason: adminReasonField,
});

interface AdjustBalanceDialogProps {
  isOpen: boolean;
  onClose: () => void;
  userId: string;
  userName: string;
  balanceCents: number;
}

const text = adminMessages.adjust;

/**
 * What the amount will do, as the operator types it ('Adds $25.00: the balance becomes $125.00'). A
 * debit the balance cannot cover is said to be refused, as the server will refuse it: never a
 * negative balance the books cannot have.
 */
function preview(raw: string, balanceCents: number): { text: string; refused: boolean } {
  const cents = parseSignedDollars(raw);
  const balance = formatCents(balanceCents);
  if (cents === null) return { text: text.previewNow(balance), refused: false };
  const amount = formatCents(Math.abs(cents));
  if (balanceCents + cents < 0) return { text: text.previewRefused(amount, balance), refused: true };
  const after = formatCents(balanceCents + cents);
  return { text: cents > 0 ? text.previewAdds(amount, after) : text.previewTakes(amount, after), refused: false };
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
  const said = preview(form.watch('amount') ?? '', balanceCents);

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
    success: adminMessages.adjusted,
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
