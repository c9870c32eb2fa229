import {
  centsToDollarsInput,
  formatCents,
  type InvestForm,
  investFormSchema,
  moneyMessages,
  parseDollars,
  QUICK_INVEST_AMOUNTS_CENTS,
} from '@meridian/shared';
import { ArrowRight, BarChart3, RefreshCw, Wallet } from 'lucide-react';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageWrapper } from '../../../components/layouts/page-wrapper';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { MoneyInput } from '../../../components/ui/money-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useInvestments } from '../../../lib/api/get-investments';
import { usePlans } from '../../../lib/api/get-plans';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { cn } from '../../../lib/cn';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmit } from '../../../lib/use-submit';
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

  const planList = plans.data ?? [];
  const investedPlanIds = new Set(
    (investments.data ?? []).filter((item) => item.status === 'active').map((item) => item.planId),
  );
  // Checked against the plans on offer and those already held, in spec section 5's order, as toasts.
  const schema = investFormSchema(planList, investedPlanIds);
  const form = useZodForm(schema, {
    report: 'toast',
    defaultValues: { planId: params.get('plan') ?? '', amount: '' } satisfies InvestForm,
  });
  const { field: planField } = useController({ control: form.control, name: 'planId' });
  const chosenId = planField.value;
  const amount = form.watch('amount');

  const plan = planList.find((item) => item.id === chosenId);
  const parsed = parseDollars(amount);
  const amountCents = parsed.ok ? parsed.cents : null;

  const invest = useSubmit({
    run: (body: { planId: string; amountCents: number }) =>
      create.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) }),
    success: (_investment, body) => ({
      title: moneyMessages.investmentSuccessful,
      description: `${planList.find((item) => item.id === body.planId)?.name ?? ''} · ${formatCents(body.amountCents)}`,
    }),
    failure: moneyMessages.failedToInvest,
    onSuccess: () => {
      idempotency.settle();
      navigate('/investments');
    },
  });

  const onSubmit = async (values: InvestForm) => {
    const cents = parseDollars(values.amount);
    if (create.isPending || !cents.ok) return;
    await invest({ planId: values.planId, amountCents: cents.cents });
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
    <Form form={form} onSubmit={onSubmit} className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
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
                // A 'Please select a plan' problem focuses the first plan.
                ref={(element) =>
                  planField.ref(element ? { focus: () => element.querySelector('input')?.focus() } : null)
                }
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
                    onSelect={planField.onChange}
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
                      onClick={() => form.setValue('amount', centsToDollarsInput(cents))}
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
            <FormField
              name="amount"
              label="Custom amount"
              hint={
                plan
                  ? `${plan.name} accepts ${formatCents(plan.minCents)} to ${formatCents(plan.maxCents)}.`
                  : 'Select a plan to see the amounts it accepts.'
              }
            >
              {(field) => <MoneyInput placeholder="0.00" aria-describedby={`${field.id}-hint`} {...field} />}
            </FormField>
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
            <StatTile
              label="Account balance"
              value={walletFigure(wallet?.balanceCents)}
              loading={walletLoading}
              labelClassName="text-xs tracking-wide text-indigo-100 uppercase"
              valueClassName="font-semibold"
              skeletonClassName="mt-1 h-7 w-28 bg-indigo-400/40 dark:bg-indigo-400/40"
              testId="plans-balance"
            />
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
    </Form>
  );
}
