import {
  formatBps,
  moneyMessages,
  parseDollars,
  TRANSFER_FEE_BPS,
  type TransferForm,
  transferFormSchema,
} from '@meridian/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, Info, Wallet } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { MoneyInput } from '../../../components/ui/money-input';
import { StatTile } from '../../../components/ui/stat-tile';
import { TextLink } from '../../../components/ui/text-link';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { publicConfigQueryKey } from '../../../lib/api/query-keys';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmit } from '../../../lib/use-submit';
import { useCreateTransfer } from '../api/create-transfer';
import { useRecipientLookup } from '../api/get-recipient';
import { type TransferFigures, TransferSummary, transferFigures } from '../components/transfer-summary';

const empty: TransferForm = { email: '', amount: '' };

interface PendingTransfer extends TransferFigures {
  email: string;
  name: string;
}

export function TransferPage() {
  return (
    <PageWrapper title="Transfer Funds" description="Send money to another Meridian member by their email address.">
      <TransferContent />
    </PageWrapper>
  );
}

function TransferContent() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { wallet, isLoading: walletLoading } = useWallet();
  const lookup = useRecipientLookup();
  const transfer = useCreateTransfer();
  const idempotency = useIdempotencyKey();
  const [pending, setPending] = useState<PendingTransfer | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  // The operator's fee (2% unless changed); the server refuses a transfer whose shown fee is stale.
  const feeBps = usePublicConfig()?.transferFeeBps ?? TRANSFER_FEE_BPS;

  const form = useZodForm(transferFormSchema, { defaultValues: empty });
  const { reset, watch, setError } = form;

  const typed = parseDollars(watch('amount'));
  const preview = typed.ok ? transferFigures(typed.cents, feeBps) : null;
  // Display only (the server decides): the balance must cover the amount plus the fee.
  const shortOfBalance = (figures: TransferFigures) => wallet !== undefined && figures.totalCents > wallet.balanceCents;

  const findRecipient = useSubmit({
    run: ({ email }: TransferForm) => lookup.mutateAsync(email),
    form,
    onSuccess: (recipient, { amount }) => {
      const parsed = parseDollars(amount);
      if (!parsed.ok) return;
      // The address as the server stores it, not as typed: that is the account the money goes to.
      setPending({ email: recipient.email, name: recipient.name, ...transferFigures(parsed.cents, feeBps) });
      setDialogOpen(true);
    },
  });

  const onSubmit = async (values: TransferForm) => {
    const parsed = parseDollars(values.amount);
    if (!parsed.ok) return;
    if (shortOfBalance(transferFigures(parsed.cents, feeBps))) {
      // Said on the form, before any dialog: there is nothing to confirm.
      setError('amount', { message: moneyMessages.insufficientBalance }, { shouldFocus: true });
      return;
    }
    await findRecipient(values);
  };

  // Cancel starts over (spec section 4); Escape, the close button or the backdrop only close the
  // dialog and keep what was typed, and the key, so a re-submission cannot book twice.
  const cancel = () => {
    setDialogOpen(false);
    reset(empty);
    idempotency.settle();
  };
  const dismiss = () => setDialogOpen(false);

  const send = useSubmit({
    run: (body: { recipientEmail: string; amountCents: number; feeCents: number }) =>
      transfer.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) }),
    success: moneyMessages.transferSuccessful,
    failure: moneyMessages.failedToTransfer,
    onSuccess: () => {
      idempotency.settle();
      setDialogOpen(false);
      navigate('/transactions');
    },
    // A refusal the server explained (say 'Insufficient balance') will not change on retry: back
    // to the form, values kept. After a network failure the dialog stays, and Confirm retries with
    // the same Idempotency-Key, so the transfer cannot happen twice.
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setDialogOpen(false);
      // The operator changed the fee since the dialog opened: show the new one before anything is sent.
      if (error instanceof ApiError && error.code === 'FEE_CHANGED')
        void queryClient.invalidateQueries({ queryKey: publicConfigQueryKey });
    },
  });

  const confirm = () => {
    if (pending)
      void send({ recipientEmail: pending.email, amountCents: pending.amountCents, feeCents: pending.feeCents });
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        <CardHeader>
          <CardTitle>Send money</CardTitle>
          <CardDescription>
            You pay a {formatBps(feeBps)} fee on top of the amount; the recipient receives the full amount.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
            <FormField name="email" label="Email">
              {(field) => (
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder="recipient@example.com"
                  {...field}
                />
              )}
            </FormField>
            <FormField name="amount" label="Amount">
              {(field) => <MoneyInput placeholder="0.00" {...field} />}
            </FormField>
            <div className="rounded-lg bg-slate-50 px-4 py-1 dark:bg-slate-800/60" aria-live="polite">
              {preview ? (
                <>
                  <TransferSummary figures={preview} />
                  {shortOfBalance(preview) && (
                    <p className="border-t border-slate-200 py-2 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
                      Your balance is lower than this total. <TextLink to="/deposit">Make a deposit</TextLink>
                    </p>
                  )}
                </>
              ) : (
                <p className="py-3 text-sm text-slate-600 dark:text-slate-400">
                  Enter an amount to see the fee and the total.
                </p>
              )}
            </div>
            <Button
              ref={submitRef}
              type="submit"
              size="lg"
              loading={lookup.isPending}
              className="w-full sm:w-auto sm:self-end"
            >
              <ArrowLeftRight className="size-4" aria-hidden="true" />
              {lookup.isPending ? 'Checking recipient...' : 'Transfer'}
            </Button>
          </Form>
        </CardContent>
      </Card>

      {/* On phones the balance comes first, above the form. */}
      <div className="order-first flex flex-col gap-4 lg:order-none">
        <Card className="p-5">
          <StatTile
            label="Available balance"
            value={walletFigure(wallet?.balanceCents)}
            loading={walletLoading}
            icon={Wallet}
            iconClassName="bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
            valueClassName="font-semibold text-slate-900 dark:text-white"
            skeletonClassName="mt-1 h-7 w-28"
            testId="transfer-balance"
          />
        </Card>
        <Card className="flex gap-3 p-5 text-sm text-slate-600 dark:text-slate-400">
          <Info className="mt-0.5 size-4 shrink-0 text-indigo-700 dark:text-indigo-300" aria-hidden="true" />
          <p>
            Transfers arrive instantly and cannot be reversed. Check the recipient&apos;s name before you confirm.{' '}
            <TextLink to="/transactions">View history</TextLink>
          </p>
        </Card>
      </div>

      <ConfirmModal
        isOpen={dialogOpen}
        title="Confirm Transfer"
        busy={transfer.isPending}
        busyLabel="Transferring..."
        onConfirm={confirm}
        onCancel={cancel}
        onDismiss={dismiss}
        returnFocusRef={submitRef}
      >
        {pending && (
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <Avatar name={pending.name} />
              <div className="flex min-w-0 flex-col">
                <span className="text-xs text-slate-600 dark:text-slate-400">Recipient</span>
                <span className="truncate font-semibold text-slate-900 dark:text-white" data-testid="recipient-name">
                  {pending.name}
                </span>
                <span className="truncate text-sm text-slate-600 dark:text-slate-400" data-testid="recipient-email">
                  {pending.email}
                </span>
              </div>
            </div>
            <TransferSummary figures={pending} />
          </div>
        )}
      </ConfirmModal>
    </div>
  );
}
