import {
  amountProblemMessages,
  centsToDollarsInput,
  formatCents,
  moneyMessages,
  type Plan,
  parseDollars,
  QUICK_INVEST_AMOUNTS_CENTS,
} from '@meridian/shared';
import { ArrowRight, BarChart3, RefreshCw, Wallet } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { FittedFigure } from '../../../components/ui/fitted-figure';
import { MoneyInput } from '../../../components/ui/money-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useInvestments } from '../../../lib/api/get-investments';
import { usePlans } from '../../../lib/api/get-plans';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { errorMessageOr } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCreateInvestment } from '../api/create-investment';
import { PlanOption } from '../components/plan-option';
import { PlanSummary, PlanSummarySkeleton } from '../components/plan-summary';

export function PlansPage() {
  return (
    <PageWrapper
      title="Investment Plans"
      description="Choose a plan and an amount. Your plan earns profit every day until it matures."
    >
      <PlansContent />
    </PageWrapper>
  );
}

/** The first problem with the choice, in the order the specification lists them; null when fine. */
function choiceProblem(plan: Plan | undefined, amount: string, investedPlanIds: ReadonlySet<string>): string | null {
  if (!plan) return moneyMessages.selectPlan;
  const parsed = parseDollars(amount);
  if (!parsed.ok) return parsed.problem === 'empty' ? moneyMessages.enterAmount : amountProblemMessages[parsed.problem];
  if (parsed.cents < plan.minCents) return moneyMessages.belowPlanMin;
  if (parsed.cents > plan.maxCents) return moneyMessages.abovePlanMax;
  if (investedPlanIds.has(plan.id)) return moneyMessages.alreadyInvested;
  return null;
}

function PlansContent() {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = usePlans();
  const investments = useInvestments();
  const { wallet, isLoading: walletLoading } = useWallet();
  const create = useCreateInvestment();
  const idempotency = useIdempotencyKey();
  useFailureToast(plans.error, moneyMessages.failedToFetchPlans);

  const [chosenId, setChosenId] = useState<string | null>(() => params.get('plan'));
  const [amount, setAmount] = useState('');
  const planListRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const planList = plans.data ?? [];
  const plan = planList.find((item) => item.id === chosenId);
  const parsed = parseDollars(amount);
  const amountCents = parsed.ok ? parsed.cents : null;
  const investedPlanIds = new Set(
    (investments.data ?? []).filter((item) => item.status === 'active').map((item) => item.planId),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const problem = choiceProblem(plan, amount, investedPlanIds);
    if (problem || !plan || amountCents === null) {
      notify.error(problem ?? moneyMessages.enterAmount);
      if (problem === moneyMessages.selectPlan) planListRef.current?.querySelector('input')?.focus();
      else amountRef.current?.focus();
      return;
    }
    const body = { planId: plan.id, amountCents };
    try {
      await create.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.settle();
      toast.success(moneyMessages.investmentSuccessful, {
        id: moneyMessages.investmentSuccessful,
        description: `${plan.name} · ${formatCents(amountCents)}`,
      });
      navigate('/investments');
    } catch (error) {
      notify.error(errorMessageOr(error, moneyMessages.failedToInvest));
    }
  };

  if (plans.isError && planList.length === 0) {
    return (
      <EmptyState
        icon={BarChart3}
        title="Plans could not be loaded"
        description="Check your connection and try again."
        action={
          <Button variant="secondary" onClick={() => void plans.refetch()} loading={plans.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle id={`${id}-plans`}>Choose a plan</CardTitle>
            <CardDescription>Each plan pays its return over its duration, day by day.</CardDescription>
          </CardHeader>
          <CardContent>
            {plans.isPending ? (
              <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
                {[0, 1, 2, 3].map((key) => (
                  <div
                    key={key}
                    className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
                  >
                    <Skeleton className="h-5 w-24" />
                    <Skeleton className="h-7 w-32" />
                    <Skeleton className="h-4 w-40" />
                  </div>
                ))}
              </div>
            ) : (
              <div
                ref={planListRef}
                role="radiogroup"
                aria-labelledby={`${id}-plans`}
                className="grid gap-3 sm:grid-cols-2"
              >
                {planList.map((item) => (
                  <PlanOption
                    key={item.id}
                    plan={item}
                    name={`${id}-plan`}
                    checked={item.id === chosenId}
                    invested={investedPlanIds.has(item.id)}
                    onSelect={setChosenId}
                  />
                ))}
              </div>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Choose an amount</CardTitle>
            <CardDescription>Pick a quick amount or type your own.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <fieldset className="min-w-0">
              <legend className="sr-only">Quick amounts</legend>
              <div className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 xl:grid-cols-6">
                {QUICK_INVEST_AMOUNTS_CENTS.map((cents) => {
                  const pressed = amountCents === cents;
                  return (
                    <button
                      key={cents}
                      type="button"
                      aria-pressed={pressed}
                      onClick={() => setAmount(centsToDollarsInput(cents))}
                      className={cn(
                        'h-11 rounded-lg border text-sm font-semibold tabular-nums transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
                        pressed
                          ? 'border-indigo-600 bg-indigo-600 text-white'
                          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
                      )}
                    >
                      {formatCents(cents)}
                    </button>
                  );
                })}
              </div>
            </fieldset>
            <Field
              id={`${id}-amount`}
              label="Custom amount"
              hint={
                plan
                  ? `${plan.name} accepts ${formatCents(plan.minCents)} to ${formatCents(plan.maxCents)}.`
                  : 'Select a plan to see the amounts it accepts.'
              }
            >
              <MoneyInput
                id={`${id}-amount`}
                ref={amountRef}
                placeholder="0.00"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-describedby={`${id}-amount-hint`}
              />
            </Field>
          </CardContent>
        </Card>
      </div>

      <Card className="lg:sticky lg:top-24">
        <CardHeader>
          <CardTitle>Plan details</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="flex items-center gap-3 rounded-lg bg-gradient-to-br from-indigo-600 to-indigo-800 p-4 text-white">
            <Wallet className="size-5 shrink-0 text-indigo-100" aria-hidden="true" />
            {/* The container the figure sizes itself to: the whole width beside the icon. */}
            <div className="@container flex min-w-0 flex-1 flex-col">
              <span className="text-xs tracking-wide text-indigo-100 uppercase">Account balance</span>
              {walletLoading ? (
                <Skeleton className="mt-1 h-7 w-28 bg-indigo-400/40 dark:bg-indigo-400/40" />
              ) : (
                <FittedFigure
                  text={walletFigure(wallet?.balanceCents)}
                  maxRem={1.5}
                  className="font-semibold"
                  data-testid="plans-balance"
                />
              )}
            </div>
          </div>
          {plans.isPending ? <PlanSummarySkeleton /> : <PlanSummary plan={plan} amountCents={amountCents} />}
          <Button type="submit" size="lg" loading={create.isPending} className="w-full">
            {create.isPending ? 'Investing...' : 'Invest Now'}
            {!create.isPending && <ArrowRight className="size-4" aria-hidden="true" />}
          </Button>
          {wallet && amountCents !== null && amountCents > wallet.balanceCents && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Your balance is lower than this amount.{' '}
              <Link to="/deposit" className={textLinkClasses}>
                Make a deposit
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </form>
  );
}
