import { formatCents, MIN_WITHDRAWAL_CENTS, moneyMessages, WITHDRAWAL_METHOD_LABELS } from '@meridian/shared';
import { Wallet } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { AmountMethodForm } from '../../../components/money/amount-method-form';
import { FigureCard } from '../../../components/money/figure-card';
import type { MethodOption } from '../../../components/money/method-picker';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { useWallet } from '../../../lib/api/get-wallet';

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
  const minCents = usePublicConfig()?.minWithdrawalCents ?? MIN_WITHDRAWAL_CENTS;
  // The balance already leaves out pending withdrawals (their amounts are held): what is left is
  // what a new one may take. Unknown (still loading, or failed), the server's check at the code speaks.
  const { wallet } = useWallet();
  const refuse = (cents: number) =>
    wallet !== undefined && cents > wallet.balanceCents ? moneyMessages.insufficientBalance : undefined;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <AmountMethodForm
        title="Request a withdrawal"
        description={`Enter an amount of at least ${formatCents(minCents)} and choose where it should go.`}
        methods={{ state: 'ready', options: OPTIONS }}
        minCents={minCents}
        refuse={refuse}
        onProceed={(amount, method) =>
          navigate(`/withdraw/method?${new URLSearchParams({ amount: amount.dollars, method })}`)
        }
      />
      <FigureCard label="Total Balance" figure="balanceCents" icon={Wallet} testId="withdraw-balance" />
    </div>
  );
}
