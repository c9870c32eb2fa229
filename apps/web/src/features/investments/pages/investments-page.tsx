import { formatCents, type Investment, investedTotalCents, moneyMessages } from '@meridian/shared';
import { ArrowRight, HandCoins, Wallet } from 'lucide-react';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { ActionPanel } from '../../../components/ui/action-panel';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { type ChipOption, FilterChips } from '../../../components/ui/filter-chips';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { useInvestments } from '../../../lib/api/get-investments';
import { usePlans } from '../../../lib/api/get-plans';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { ApiError } from '../../../lib/api-client';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmit } from '../../../lib/use-submit';
import { useClaimProfits } from '../api/claim-profits';
import { useEndInvestment } from '../api/end-investment';
import { useCompletedInvestments } from '../api/get-completed-investments';
import { InvestmentCard } from '../components/investment-card';

const ALL = 'all';
const CLAIM_TOAST_ID = 'claim-all-profits';

type Shown = 'active' | 'completed';
/** Running plans, or the finished ones (matured or ended early), which stay here after a claim. */
const STATUS_CHIPS: ChipOption<Shown>[] = [
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
];

export function InvestmentsPage() {
  return (
    <PageWrapper
      title="My Investments"
      description="Track each plan's profit and progress, and claim your profit to your balance."
      actions={<InvestmentsActions />}
    >
      <InvestmentsContent />
    </PageWrapper>
  );
}

function InvestmentsActions() {
  return (
    <Link to="/plans" className={buttonClasses('secondary')}>
      Invest Now
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

function InvestmentsContent() {
  const investments = useInvestments();
  const plans = usePlans();
  const { wallet, isLoading: walletLoading } = useWallet();
  useFailureToast(investments.error, moneyMessages.failedToFetchInvestments);
  const [status, setStatus] = useState<Shown>('active');
  const [filter, setFilter] = useState<string>(ALL);
  const completed = useCompletedInvestments(filter === ALL ? null : filter, status === 'completed');
  useFailureToast(completed.error, moneyMessages.failedToFetchInvestments);

  const list = investments.data ?? [];
  const finished = useMemo(() => completed.data?.pages.flatMap((page) => page.items) ?? [], [completed.data]);
  // One chip per plan; while plans are unavailable, one per plan the user has invested in.
  const chips = useMemo<ChipOption<string>[]>(() => {
    const named = plans.data?.map((plan) => ({ value: plan.id, label: plan.name })) ?? [];
    const extra = [...(investments.data ?? []), ...finished]
      .filter((item, index, all) => all.findIndex((other) => other.planId === item.planId) === index)
      .filter((item) => !named.some((chip) => chip.value === item.planId))
      .map((item) => ({ value: item.planId, label: item.planName }));
    return [{ value: ALL, label: 'All Plans' }, ...named, ...extra];
  }, [plans.data, investments.data, finished]);
  // Active: the running plans; Completed: the server's pages of finished ones (already by plan).
  const running = list.filter((item) => item.status === 'active');
  const shown =
    status === 'completed' ? finished : filter === ALL ? running : running.filter((item) => item.planId === filter);
  const loadingList = status === 'completed' ? completed.isPending : investments.isPending;
  const investedCents = investedTotalCents(list);

  const [ending, setEnding] = useState<Investment | null>(null);
  // An ended card loses its End button, so focus returns to Claim All Profits, the natural next step.
  const claimButtonRef = useRef<HTMLButtonElement>(null);
  const onEnd = useCallback((investment: Investment) => setEnding(investment), []);

  return (
    <div className="flex flex-col gap-6">
      <ClaimPanel
        buttonRef={claimButtonRef}
        profitCents={wallet?.profitCents}
        investedCents={investedCents}
        loading={walletLoading || investments.isPending}
      />

      <div className="flex flex-col gap-3">
        <FilterChips label="Filter by status" options={STATUS_CHIPS} value={status} onValueChange={setStatus} />
        <FilterChips label="Filter by plan" options={chips} value={filter} onValueChange={setFilter} />
      </div>

      {loadingList ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading investments">
          {[0, 1, 2].map((key) => (
            <li key={key}>
              <Card className="flex flex-col gap-4 p-5">
                <Skeleton className="h-5 w-28" />
                <div className="grid grid-cols-2 gap-4">
                  <Skeleton className="h-10" />
                  <Skeleton className="h-10" />
                </div>
                <Skeleton className="h-2 w-full" />
              </Card>
            </li>
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={Wallet}
          title={moneyMessages.noInvestments}
          description={
            status === 'completed'
              ? 'Plans that matured or that you ended appear here, and stay after you claim their profit.'
              : filter === ALL
                ? 'Pick a plan to start earning daily profit.'
                : 'You have no investments in this plan. Try another filter or invest now.'
          }
          action={
            <Link to="/plans" className={buttonClasses('primary')}>
              Invest Now
            </Link>
          }
        />
      ) : (
        <>
          <ul
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={status === 'completed' ? 'Completed investments' : 'Investments'}
          >
            {shown.map((investment) => (
              <li key={investment.id}>
                <InvestmentCard investment={investment} onEnd={onEnd} />
              </li>
            ))}
          </ul>
          {status === 'completed' && completed.hasNextPage && (
            <div className="flex justify-center py-2">
              <Button
                variant="secondary"
                loading={completed.isFetchingNextPage}
                onClick={() => void completed.fetchNextPage()}
                className="w-full sm:w-auto"
              >
                {completed.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}

      <EndInvestmentDialog
        investment={ending}
        unclaimedProfitCents={wallet?.profitCents}
        onClose={() => setEnding(null)}
        returnFocusRef={claimButtonRef}
      />
    </div>
  );
}

/** Claimable profit, the amount at work, and Claim All Profits with its confirmation. */
function ClaimPanel({
  buttonRef,
  profitCents,
  investedCents,
  loading,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Undefined when the wallet could not be loaded. */
  profitCents: number | undefined;
  investedCents: number;
  loading: boolean;
}) {
  const [open, setOpen] = useState(false);
  const claim = useClaimProfits();
  const idempotency = useIdempotencyKey();

  const openDialog = () => {
    // Each opening is a new submission; a retry inside the dialog reuses its key.
    idempotency.settle();
    setOpen(true);
  };

  const confirm = useSubmit({
    run: () => claim.mutateAsync(idempotency.keyFor({ claim: 'all' })),
    progress: moneyMessages.claimingProfits,
    toastId: CLAIM_TOAST_ID,
    success: moneyMessages.allProfitsClaimed,
    failure: moneyMessages.failedToClaim,
    onSuccess: () => {
      idempotency.settle();
      setOpen(false);
    },
    // Nothing to claim will not change by trying again: close, as after a success.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'NOTHING_TO_CLAIM') setOpen(false);
    },
  });

  return (
    <ActionPanel
      figures={
        <>
          {/* Each figure sizes itself to its half of the panel, so $999,999,999.99 fits on a phone. */}
          <StatTile
            term
            label="Profit to claim"
            value={walletFigure(profitCents)}
            loading={loading}
            valueClassName="font-semibold text-emerald-700 dark:text-emerald-400"
            testId="profit-to-claim"
          />
          <StatTile
            term
            label="Invested"
            value={formatCents(investedCents)}
            loading={loading}
            valueClassName="font-semibold text-slate-900 dark:text-white"
            testId="invested-total"
          />
        </>
      }
      action={
        <>
          <HandCoins className="size-4" aria-hidden="true" />
          Claim All Profits
        </>
      }
      onAction={openDialog}
      buttonRef={buttonRef}
      // Nothing to claim (or a wallet that could not be read): the button rests, and says why.
      disabled={claim.isPending || loading || !profitCents}
      reason={!loading && profitCents === 0 ? moneyMessages.noProfitToClaim : undefined}
    >
      <ConfirmModal
        isOpen={open}
        title="Claim All Profits"
        busy={claim.isPending}
        busyLabel="Claiming..."
        onConfirm={() => void confirm(undefined)}
        onCancel={() => setOpen(false)}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          All your profit, <strong className="font-semibold tabular-nums">{walletFigure(profitCents)}</strong>, moves to
          your balance. Active plans keep earning; finished ones stay under Completed.
        </p>
      </ConfirmModal>
    </ActionPanel>
  );
}

function EndInvestmentDialog({
  investment,
  unclaimedProfitCents,
  onClose,
  returnFocusRef,
}: {
  investment: Investment | null;
  /**
   * The wallet's profit figure: what is unclaimed across all investments (the books keep one profit
   * wallet per user, so an investment's own unclaimed part is not known). Undefined if unavailable.
   */
  unclaimedProfitCents: number | undefined;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const end = useEndInvestment();
  const idempotency = useIdempotencyKey();
  // Keep the last investment while the dialog animates out.
  const [shown, setShown] = useState<Investment | null>(investment);
  if (investment && investment !== shown) setShown(investment);

  const finish = useSubmit({
    run: (ending: Investment) =>
      end.mutateAsync({ investmentId: ending.id, idempotencyKey: idempotency.keyFor({ end: ending.id }) }),
    success: moneyMessages.investmentEnded,
    onSuccess: () => {
      idempotency.settle();
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'INVESTMENT_NOT_ACTIVE') onClose();
    },
  });
  const confirm = () => {
    if (investment) void finish(investment);
  };

  return (
    <ConfirmModal
      isOpen={investment !== null}
      title="End Investment"
      variant="danger"
      busy={end.isPending}
      busyLabel="Ending..."
      onConfirm={confirm}
      onCancel={onClose}
      returnFocusRef={returnFocusRef}
    >
      {shown && (
        <div className="flex flex-col gap-3 text-sm text-slate-700 dark:text-slate-300" data-testid="end-terms">
          <p>
            End your <strong className="font-semibold">{shown.planName}</strong> investment now? Your{' '}
            <strong className="font-semibold tabular-nums">{formatCents(shown.amountCents)}</strong> principal comes
            back to your balance and the plan stops earning.
          </p>
          {/* Only profit not yet claimed is still to come: what a claim already paid is not mentioned as owed. */}
          <p>
            {unclaimedProfitCents === undefined
              ? 'Profit you have not claimed yet stays in Profit to claim.'
              : unclaimedProfitCents > 0
                ? 'Your unclaimed profit stays in Profit to claim: '
                : 'You have no unclaimed profit right now. '}
            {unclaimedProfitCents !== undefined && unclaimedProfitCents > 0 && (
              <>
                <strong className="font-semibold tabular-nums">{formatCents(unclaimedProfitCents)}</strong> across all
                your investments.{' '}
              </>
            )}
            Profit due for any full day up to now is added to it first.
          </p>
        </div>
      )}
    </ConfirmModal>
  );
}
