import { type DepositMethod, depositMessages, formatCents, MIN_DEPOSIT_CENTS } from '@meridian/shared';
import { PiggyBank } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { AmountMethodForm, type MethodList } from '../../../components/money/amount-method-form';
import { FigureCard } from '../../../components/money/figure-card';
import type { MethodOption } from '../../../components/money/method-picker';
import { usePublicConfig } from '../../../lib/api/get-public-config';
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
  const minCents = usePublicConfig()?.minDepositCents ?? MIN_DEPOSIT_CENTS;

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
        description={`Enter an amount of at least ${formatCents(minCents)} and choose how you will pay.`}
        methods={list}
        minCents={minCents}
        onProceed={(amount, method) =>
          navigate(`/deposit/checkout?${new URLSearchParams({ amount: amount.dollars, method })}`)
        }
      />
      <FigureCard label="Total Deposit" figure="totalDepositCents" icon={PiggyBank} testId="total-deposit" />
    </div>
  );
}
