import {
  bankDestinationSchema,
  cryptoDestinationSchema,
  formatBps,
  formatCents,
  MIN_WITHDRAWAL_CENTS,
  type PayoutDetails,
  parseDollars,
  paypalDestinationSchema,
  securityDepositCents,
  WITHDRAWAL_METHOD_LABELS,
  type WithdrawalMethod,
  type WithdrawalRequest,
  withdrawalMessages,
} from '@meridian/shared';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextLink } from '../../../components/ui/text-link';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { usePayoutDetails } from '../../../lib/api/payout-details';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmit } from '../../../lib/use-submit';
import { useCreateWithdrawal, useRequestCode, useVerifyCode } from '../api/withdrawal-calls';
import { CodeForm } from '../components/code-form';
import { type Destination, forgetDestination, keepDestination, keptDestination } from '../lib/kept-destination';

/** Each method's fields, with the schema that checks them (spec section 5). */
const METHODS: Record<
  WithdrawalMethod,
  { schema: z.ZodType<Destination, Destination>; fields: { name: string; label: string; type?: string }[] }
> = {
  bank: {
    schema: bankDestinationSchema,
    fields: [
      { name: 'bankName', label: 'Bank name' },
      { name: 'accountNumber', label: 'Account number' },
      { name: 'accountName', label: 'Account name' },
      { name: 'swiftCode', label: 'Swift code' },
    ],
  },
  crypto: {
    schema: cryptoDestinationSchema,
    fields: [
      { name: 'label', label: 'Label' },
      { name: 'address', label: 'Wallet address' },
      { name: 'network', label: 'Network' },
    ],
  },
  paypal: { schema: paypalDestinationSchema, fields: [{ name: 'email', label: 'Email', type: 'email' }] },
};

function isMethod(value: string | null): value is WithdrawalMethod {
  return value === 'bank' || value === 'crypto' || value === 'paypal';
}

/** Saved payout details as this method's starting values. */
function prefill(method: WithdrawalMethod, saved: PayoutDetails | undefined): Destination {
  if (method === 'bank') {
    const b = saved?.bank;
    return {
      bankName: b?.bankName ?? '',
      accountNumber: b?.accountNumber ?? '',
      accountName: b?.accountName ?? '',
      swiftCode: b?.swiftCode ?? '',
    };
  }
  if (method === 'crypto') {
    const bitcoin = saved?.crypto.bitcoin ?? '';
    return bitcoin
      ? { label: 'Bitcoin', address: bitcoin, network: 'Bitcoin' }
      : { label: '', address: '', network: '' };
  }
  return { email: '' };
}

export function WithdrawMethodPage() {
  return (
    <PageWrapper title="Withdrawal Method" description="Where the money should go, confirmed by a code we e-mail you.">
      <WithdrawMethodContent />
    </PageWrapper>
  );
}

function WithdrawMethodContent() {
  const [params] = useSearchParams();
  const amount = parseDollars(params.get('amount') ?? '');
  const method = params.get('method');
  const payout = usePayoutDetails();
  const minCents = usePublicConfig()?.minWithdrawalCents ?? MIN_WITHDRAWAL_CENTS;
  const withOtp = params.get('otp') === 'true';
  const cents = amount.ok ? amount.cents : null;
  // The destination lives in this tab's storage, never in the URL (lib/kept-destination.ts). Read
  // when the step changes, not on every render: filing forgets it while this page is still drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: withOtp marks a new step, whose destination was just kept
  const kept = useMemo(
    () => (cents !== null && isMethod(method) ? keptDestination(cents, method) : null),
    [cents, method, withOtp],
  );
  if (!amount.ok || amount.cents < minCents || !isMethod(method)) return <Navigate to="/withdraw" replace />;
  if (withOtp) {
    // Without its destination (another tab, storage cleared) the code step starts over from the form.
    if (!kept) return <Navigate to={`/withdraw/method?${stepParams(params)}`} replace />;
    return <ConfirmStep amountCents={amount.cents} method={method} destination={kept} />;
  }
  if (!kept && payout.isLoading) return <Skeleton className="h-72 rounded-xl" />;
  return <DestinationStep amountCents={amount.cents} method={method} initial={kept ?? prefill(method, payout.data)} />;
}

/** The amount and method of the page's address: all it carries, with `otp=true` on the code step. */
function stepParams(params: URLSearchParams, otp = false): URLSearchParams {
  const next = new URLSearchParams({ amount: params.get('amount') ?? '', method: params.get('method') ?? '' });
  if (otp) next.set('otp', 'true');
  return next;
}

function Heading({ amountCents, method }: { amountCents: number; method: WithdrawalMethod }) {
  return (
    <CardHeader>
      <CardTitle>
        Withdraw {formatCents(amountCents)} by {WITHDRAWAL_METHOD_LABELS[method]}
      </CardTitle>
      <CardDescription>{withdrawalMessages.otpNote}</CardDescription>
    </CardHeader>
  );
}

/** Step one: where to pay; Submit e-mails a code, keeps the fields in the tab and moves the page to otp=true. */
function DestinationStep({
  amountCents,
  method,
  initial,
}: {
  amountCents: number;
  method: WithdrawalMethod;
  initial: Destination;
}) {
  const [params, setParams] = useSearchParams();
  const { schema, fields } = METHODS[method];
  const form = useZodForm(schema, { defaultValues: initial });
  const requestCode = useRequestCode();
  const send = useSubmit({
    run: (destination: Destination) =>
      requestCode.mutateAsync({ amountCents, method, destination } as WithdrawalRequest),
    success: withdrawalMessages.otpSent,
    form,
    onSuccess: (_answer, destination) => {
      keepDestination({ amountCents, method, destination });
      setParams(stepParams(params, true));
    },
  });

  return (
    <Card className="max-w-2xl">
      <Heading amountCents={amountCents} method={method} />
      <CardContent>
        <Form form={form} onSubmit={send} className="flex flex-col gap-5">
          {fields.map((f) => (
            <FormField key={f.name} name={f.name} label={f.label}>
              {(field) => <Input type={f.type ?? 'text'} autoComplete="off" {...field} />}
            </FormField>
          ))}
          <Button type="submit" loading={requestCode.isPending} className="self-start">
            {requestCode.isPending ? 'Sending code...' : 'Submit'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Step two: the e-mailed code, checked by the server; a right one opens the caution dialog. */
function ConfirmStep({
  amountCents,
  method,
  destination,
}: {
  amountCents: number;
  method: WithdrawalMethod;
  destination: Destination;
}) {
  const navigate = useNavigate();
  const config = usePublicConfig();
  const request = { amountCents, method, destination } as WithdrawalRequest;
  const [otp, setOtp] = useState<string | null>(null);
  const verify = useVerifyCode();
  const requestCode = useRequestCode();
  const create = useCreateWithdrawal();
  const idempotency = useIdempotencyKey();

  const check = useSubmit({
    run: (code: string) => verify.mutateAsync({ ...request, otp: code }),
    onSuccess: (_ok, code) => setOtp(code),
  });
  const resend = useSubmit({ run: () => requestCode.mutateAsync(request), success: withdrawalMessages.otpSent });
  const file = useSubmit({
    run: (code: string) =>
      create.mutateAsync({ body: { ...request, otp: code }, idempotencyKey: idempotency.keyFor({ ...request, code }) }),
    success: {
      title: withdrawalMessages.withdrawalRequested,
      description: withdrawalMessages.withdrawalRequestedDescription,
    },
    failure: withdrawalMessages.failedToWithdraw,
    onSuccess: () => {
      idempotency.settle();
      setOtp(null);
      navigate('/transactions');
      forgetDestination();
    },
    onError: () => setOtp(null),
  });
  const depositBps = config?.securityDepositBps ?? 0;

  return (
    <Card className="max-w-2xl">
      <Heading amountCents={amountCents} method={method} />
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-2 rounded-lg bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
          {METHODS[method].fields.map((f) => (
            <div key={f.name} className="flex flex-wrap justify-between gap-2">
              <dt className="text-slate-600 dark:text-slate-400">{f.label}</dt>
              <dd className="break-all font-medium text-slate-900 dark:text-white">{destination[f.name]}</dd>
            </div>
          ))}
        </dl>
        <CodeForm onSubmit={(code) => void check(code)} busy={verify.isPending} />
        <Button
          variant="ghost"
          className="self-start"
          onClick={() => void resend(undefined)}
          loading={requestCode.isPending}
        >
          Send a new code
        </Button>
      </CardContent>
      <ConfirmModal
        isOpen={otp !== null}
        title={withdrawalMessages.cautionTitle}
        confirmLabel={withdrawalMessages.confirmWithdrawal}
        busyLabel="Requesting..."
        busy={create.isPending}
        onConfirm={() => otp && void file(otp)}
        onCancel={() => setOtp(null)}
      >
        <div className="flex flex-col gap-3 text-sm text-slate-700 dark:text-slate-300">
          {depositBps > 0 && (
            <p>
              {withdrawalMessages.securityDeposit(
                formatCents(securityDepositCents(amountCents, depositBps)),
                formatBps(depositBps),
              )}
            </p>
          )}
          <p>{formatCents(amountCents)} will be held from your balance until an operator pays it out.</p>
          {depositBps > 0 && <TextLink to="/deposit">{withdrawalMessages.goToDeposit}</TextLink>}
        </div>
      </ConfirmModal>
    </Card>
  );
}
