import { messages, WITHDRAWAL_METHOD_LABELS } from '@meridian/shared';
import { History, Wallet } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { AmountMethodForm } from '../../../components/money/amount-method-form';
import type { MethodOption } from '../../../components/money/method-picker';
import { Card, CardContent } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { StatTile } from '../../../components/ui/stat-tile';
import { TextLink } from '../../../components/ui/text-link';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';

const OPTIONS: MethodOption[] = [
  { id: 'bank', label: WITHDRAWAL_METHOD_LABELS.bank, detail: 'To your bank account', kind: 'bank' },
  { id: 'crypto', label: WITHDRAWAL_METHOD_LABELS.crypto, detail: 'To a wallet address', kind: 'crypto' },
  { id: 'paypal', label: WITHDRAWAL_METHOD_LABELS.paypal, detail: 'To your PayPal e-mail', kind: 'paypal' },
];

export function WithdrawPage() {
  return (
    <PageWrapper title="Withdraw" description="Move money from your balance to your bank, crypto wallet or PayPal.">
      <WithdrawContent />
    </PageWrapper>
  );
}

function WithdrawContent() {
  const navigate = useNavigate();
  const { wallet, isLoading, isError, isFetching, retry } = useWallet();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <AmountMethodForm
        title="Request a withdrawal"
        description="Enter an amount of at least $100.00 and choose where it should go."
        methods={{ state: 'ready', options: OPTIONS }}
        onProceed={(amount, method) =>
          navigate(`/withdraw/method?${new URLSearchParams({ amount: amount.dollars, method })}`)
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <StatTile
            label="Total Balance"
            value={walletFigure(wallet?.balanceCents)}
            loading={isLoading}
            icon={Wallet}
            testId="withdraw-balance"
          />
          {isError && <LoadError message={messages.failedToFetchUserData} onRetry={retry} retrying={isFetching} />}
          <TextLink to="/transactions" className="inline-flex items-center gap-2">
            <History className="size-4" aria-hidden="true" />
            View History
          </TextLink>
        </CardContent>
      </Card>
    </div>
  );
}
