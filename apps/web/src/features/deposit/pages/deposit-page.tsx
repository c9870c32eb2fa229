import { type DepositMethod, depositMessages, formatCents, MIN_DEPOSIT_CENTS } from '@meridian/shared';
import { AlertTriangle, PiggyBank } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { AmountMethodForm, type MethodList } from '../../../components/money/amount-method-form';
import { FigureCard } from '../../../components/money/figure-card';
import type { MethodOption } from '../../../components/money/method-picker';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { useDepositMethods } from '../api/get-deposit-methods';
import { isCheckoutNotice } from '../lib/checkout-notice';

/** A method's card line: the bank's name, the network, or the e-mail (spec section 4). */
function asOption(method: DepositMethod): MethodOption {
  const d = method.details;
  const detail = method.type === 'bank' ? d.bankName : method.type === 'crypto' ? d.network : d.email;
  return { id: method.id, label: method.label, detail: detail ?? '', kind: method.type };
}

export function DepositPage() {
  // The lead names only the kinds of method the operator has switched on.
  const methods = useDepositMethods();
  const kinds = methods.data?.map((m) => m.type) ?? [];
  return (
    <PageWrapper title="Deposit" description={depositMessages.pageLead(kinds)}>
      <DepositContent />
    </PageWrapper>
  );
}

/** Why checkout sent the member back here, read once: a reload of /deposit does not repeat it. */
function useCheckoutNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (isCheckoutNotice(location.state) ? location.state.checkoutNotice : null));
  useEffect(() => {
    if (isCheckoutNotice(location.state)) navigate('.', { replace: true, state: null });
  }, [location.state, navigate]);
  return notice;
}

function DepositContent() {
  const navigate = useNavigate();
  const methods = useDepositMethods();
  const minCents = usePublicConfig()?.minDepositCents ?? MIN_DEPOSIT_CENTS;
  const notice = useCheckoutNotice();

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
      {notice && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 lg:col-span-2 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {notice}
        </p>
      )}
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
