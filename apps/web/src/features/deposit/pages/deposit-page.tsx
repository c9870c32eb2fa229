import {
  centsToDollarsInput,
  type DepositForm,
  depositFormSchema,
  depositMessages,
  messages,
  parseDollars,
} from '@meridian/shared';
import { History, PiggyBank } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyInput } from '../../../components/ui/money-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { TextLink } from '../../../components/ui/text-link';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { notify } from '../../../lib/toast';
import { useDepositMethods } from '../api/get-deposit-methods';
import { MethodPicker } from '../components/method-picker';

export function DepositPage() {
  return (
    <PageWrapper title="Deposit" description="Add money to your balance by bank transfer, crypto or PayPal.">
      <DepositContent />
    </PageWrapper>
  );
}

function DepositContent() {
  const id = useId();
  const navigate = useNavigate();
  const methods = useDepositMethods();
  const { wallet, isLoading: walletLoading, isError: walletError, isFetching: walletFetching, retry } = useWallet();
  // The specification's checks answer as toasts, the first problem only.
  const form = useZodForm(depositFormSchema, { report: 'toast', defaultValues: { amount: '', methodId: '' } });
  const methodId = form.watch('methodId');

  const choose = (next: string) => {
    const method = methods.data?.find((m) => m.id === next);
    if (!method) return;
    form.setValue('methodId', next);
    notify.success(depositMessages.methodSelected(method.label));
  };

  const proceed = (values: DepositForm) => {
    const parsed = parseDollars(values.amount);
    if (!parsed.ok) return;
    const query = new URLSearchParams({ amount: centsToDollarsInput(parsed.cents), method: values.methodId });
    navigate(`/deposit/checkout?${query}`);
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        <CardHeader>
          <CardTitle>Make a deposit</CardTitle>
          <CardDescription>Enter an amount of at least $100.00 and choose how you will pay.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form form={form} onSubmit={proceed} className="flex flex-col gap-5">
            <FormField name="amount" label="Amount">
              {(field) => <MoneyInput placeholder="100.00" {...field} />}
            </FormField>
            <div className="flex flex-col gap-2">
              <p id={`${id}-methods`} className="text-sm font-medium text-slate-900 dark:text-white">
                Deposit method
              </p>
              {methods.isLoading ? (
                <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
                  {[0, 1, 2, 3].map((key) => (
                    <Skeleton key={key} className="h-16 rounded-xl" />
                  ))}
                </div>
              ) : methods.isError || !methods.data ? (
                <LoadError
                  message={depositMessages.failedToFetchDepositMethods}
                  onRetry={() => void methods.refetch()}
                  retrying={methods.isFetching}
                />
              ) : methods.data.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  No deposit methods are available right now. Please try again later.
                </p>
              ) : (
                <MethodPicker methods={methods.data} value={methodId} onChange={choose} labelledBy={`${id}-methods`} />
              )}
            </div>
            <Button type="submit" className="self-start">
              Proceed
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <StatTile
            label="Total Deposit"
            value={walletFigure(wallet?.totalDepositCents)}
            loading={walletLoading}
            icon={PiggyBank}
            testId="total-deposit"
          />
          {walletError && (
            <LoadError message={messages.failedToFetchUserData} onRetry={retry} retrying={walletFetching} />
          )}
          <TextLink to="/transactions" className="inline-flex items-center gap-2">
            <History className="size-4" aria-hidden="true" />
            View History
          </TextLink>
        </CardContent>
      </Card>
    </div>
  );
}
