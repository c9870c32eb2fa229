import { depositMessages, formatCents, MIN_DEPOSIT_CENTS, parseDollars } from '@meridian/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { publicConfigQueryOptions } from '../../../lib/api/get-public-config';
import { notify } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmit } from '../../../lib/use-submit';
import { useCreateDeposit } from '../api/create-deposit';
import { useDepositMethods } from '../api/get-deposit-methods';
import { PaymentDetails } from '../components/payment-details';
import { ReceiptPicker } from '../components/receipt-picker';
import { amountNotice, type CheckoutNotice } from '../lib/checkout-notice';

export function CheckoutPage() {
  return (
    <PageWrapper title="Checkout" description="Pay to the details below, then upload your receipt.">
      <CheckoutContent />
    </PageWrapper>
  );
}

/** Back to the deposit form (spec section 4), saying why there. */
function BackToDeposit({ notice }: { notice: string }) {
  // One state object per notice: <Navigate> navigates again whenever its state changes identity, and
  // this page re-renders while the lazy /deposit loads (each new object would restart the navigation).
  const state = useMemo((): CheckoutNotice => ({ checkoutNotice: notice }), [notice]);
  return <Navigate to="/deposit" replace state={state} />;
}

function CheckoutContent() {
  const [params] = useSearchParams();
  const methods = useDepositMethods();
  const config = useQuery(publicConfigQueryOptions);
  const amount = parseDollars(params.get('amount') ?? '');
  const methodId = params.get('method') ?? '';

  // The operator's minimum decides, so it is awaited (the default stands in only if it cannot load).
  if (config.isPending) return <Skeleton className="h-64 rounded-xl" />;
  const problem = amountNotice(amount, config.data?.minDepositCents ?? MIN_DEPOSIT_CENTS);
  if (problem) return <BackToDeposit notice={problem} />;
  if (!amount.ok) return null;
  if (methodId === '') return <BackToDeposit notice={depositMessages.checkoutMissing} />;
  if (methods.isLoading) return <Skeleton className="h-64 rounded-xl" />;
  if (methods.isError || !methods.data) {
    return (
      <LoadError
        message={depositMessages.failedToFetchDepositMethods}
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  }
  // Unknown, or switched off by the operator since the form was filled.
  const method = methods.data.find((m) => m.id === methodId);
  if (!method) return <BackToDeposit notice={depositMessages.methodNotFound} />;
  return <Checkout amountCents={amount.cents} method={method} />;
}

function Checkout({
  amountCents,
  method,
}: {
  amountCents: number;
  method: NonNullable<ReturnType<typeof useDepositMethods>['data']>[number];
}) {
  const navigate = useNavigate();
  const [receipt, setReceipt] = useState<File | null>(null);
  const create = useCreateDeposit();
  const idempotency = useIdempotencyKey();
  // Set before the request starts, so a second press in the same tick is told to wait.
  const running = useRef(false);

  const submit = useSubmit({
    run: (file: File) =>
      create.mutateAsync({
        amountCents,
        methodId: method.id,
        receipt: file,
        idempotencyKey: idempotency.keyFor({
          amountCents,
          methodId: method.id,
          file: `${file.name}:${file.size}:${file.lastModified}`,
        }),
      }),
    success: { title: depositMessages.depositSuccessful, description: depositMessages.depositSuccessfulDescription },
    failure: depositMessages.failedToDeposit,
    onSuccess: () => {
      idempotency.settle();
      navigate('/transactions');
    },
  });

  const pay = async () => {
    if (running.current) {
      notify.info(depositMessages.pleaseWait);
      return;
    }
    if (!receipt) {
      notify.error(depositMessages.uploadReceipt);
      return;
    }
    running.current = true;
    try {
      await submit(receipt);
    } finally {
      running.current = false;
    }
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            Pay {formatCents(amountCents)} via {method.label}
          </CardTitle>
          <CardDescription>Send exactly this amount to the details below.</CardDescription>
        </CardHeader>
        <CardContent>
          <PaymentDetails method={method} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payment receipt</CardTitle>
          <CardDescription>
            Upload a screenshot or PDF of your payment; your balance is updated once it is confirmed.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <ReceiptPicker value={receipt} onChange={setReceipt} />
          {/* Not disabled while it runs: a second press must hear 'Please wait' (spec section 8). */}
          <Button onClick={() => void pay()} aria-busy={create.isPending || undefined} className="self-start">
            {create.isPending && <Spinner className="size-4" />}
            {create.isPending ? 'Processing...' : 'I have made payment'}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
