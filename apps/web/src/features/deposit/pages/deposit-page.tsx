import { type DepositMethod, depositMessages, messages } from '@meridian/shared';
import { History, PiggyBank } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { AmountMethodForm, type MethodList } from '../../../components/money/amount-method-form';
import type { MethodOption } from '../../../components/money/method-picker';
import { Card, CardContent } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { StatTile } from '../../../components/ui/stat-tile';
import { TextLink } from '../../../components/ui/text-link';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { useDepositMethods } from '../api/get-deposit-methods';

/** A method's card line: the bank's name, the network, or the e-mail (spec section 4). */
function asOption(method: DepositMethod): MethodOption {
  const d = method.details;
  const detail = method.type === 'bank' ? d.bankName : method.type === 'crypto' ? d.network : d.email;
  return { id: method.id, label: method.label, detail: detail ?? '', kind: method.type };
}

export function DepositPage() {
  return (
    <PageWrapper title="Deposit" description="Add money to your balance by bank transfer, crypto or PayPal.">
      <DepositContent />
    </PageWrapper>
  );
}

function DepositContent() {
  const navigate = useNavigate();
  const methods = useDepositMethods();
  const { wallet, isLoading: walletLoading, isError: walletError, isFetching: walletFetching, retry } = useWallet();

  const list: MethodList = methods.isLoading
    ? { state: 'loading' }
    : methods.isError || !methods.data
      ? {
          state: 'error',
          message: depositMessages.failedToFetchDepositMethods,
          retry: () => void methods.refetch(),
          retrying: methods.isFetching,
        }
      : { state: 'ready', options: methods.data.map(asOption) };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <AmountMethodForm
        title="Make a deposit"
        description="Enter an amount of at least $100.00 and choose how you will pay."
        methods={list}
        onProceed={(amount, method) =>
          navigate(`/deposit/checkout?${new URLSearchParams({ amount: amount.dollars, method })}`)
        }
      />
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
