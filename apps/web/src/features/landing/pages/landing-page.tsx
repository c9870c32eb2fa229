import { formatCents, REFERRAL_BONUS_CENTS, referralWording } from '@meridian/shared';
import { ArrowRight, Check } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { DashboardLink } from '../../../components/layouts/dashboard-link';
import { CryptoHeatmapCard, StockHeatmapCard, TimelineNewsCard } from '../../../components/market/market-widgets';
import { buttonClasses } from '../../../components/ui/button';
import { useSignedIn } from '../../../lib/api/get-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FeatureGrid } from '../components/feature-grid';
import { HeroPreview } from '../components/hero-preview';

const stats = [
  { value: '$50', label: 'bonus for every friend you refer' },
  { value: '2%', label: 'flat fee on member transfers' },
  { value: '$100', label: 'minimum to get started' },
  { value: '24/7', label: 'support by chat and email' },
];

const steps = [
  { title: 'Create your account', body: 'Register in under a minute. Your account is activated within 24 hours.' },
  { title: 'Make a deposit', body: 'Fund your wallet from $100 by bank transfer, crypto or PayPal.' },
  { title: 'Invest in a plan', body: 'Pick the plan that fits your goals and watch your profit grow daily.' },
  { title: 'Claim and grow', body: 'Claim profit to your balance, reinvest it, transfer it or withdraw it.' },
];

export function LandingPage() {
  useDocumentTitle('');
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const refId = params.get('refId');
  // A referral link points at the site origin; send the visitor straight to registration.
  if (refId) return <Navigate to={`/register?refId=${encodeURIComponent(refId)}`} replace />;

  return (
    <main>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-indigo-50 to-transparent dark:from-indigo-950/40"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div className="flex flex-col gap-6">
            <span className="inline-flex w-fit items-center gap-2 rounded-full border border-indigo-200 bg-white px-3 py-1 text-xs font-semibold text-indigo-800 dark:border-indigo-900 dark:bg-slate-900 dark:text-indigo-200">
              Investment &amp; affiliate programme
            </span>
            <h1 className="text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
              Put your money to work, <span className="text-indigo-700 dark:text-indigo-400">and watch it grow.</span>
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
              Meridian lets you deposit funds, invest them in fixed-term plans that earn a daily profit, claim that
              profit whenever you like, send money to other members, and earn $50 for every friend you refer.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              {signedIn ? (
                <DashboardLink size="lg" />
              ) : (
                <Link to="/register" className={buttonClasses('primary', 'lg')}>
                  Open an account
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              )}
              <a href="#how-it-works" className={buttonClasses('secondary', 'lg')}>
                See how it works
              </a>
            </div>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
              {['Amounts shown to the cent', 'Flat 2% transfer fee', 'Withdrawals confirmed by email code'].map(
                (item) => (
                  <li key={item} className="flex items-center gap-1.5">
                    <Check className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
                    {item}
                  </li>
                ),
              )}
            </ul>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section
        aria-label="Meridian in numbers"
        className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/50"
      >
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col gap-1">
              <dt className="order-2 text-sm text-slate-600 dark:text-slate-400">{stat.label}</dt>
              <dd className="order-1 text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="max-w-2xl">
          <h2 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
            Everything your money needs, in one wallet
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            One balance for deposits, investments, profit, transfers and referral bonuses, with every movement recorded
            in your transaction history.
          </p>
        </div>
        <div className="mt-10">
          <FeatureGrid />
        </div>
      </section>

      <section aria-labelledby="markets-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="markets-heading" className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
            The markets, live
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            Follow stocks and crypto as they move, with the day&apos;s headlines alongside.
          </p>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <StockHeatmapCard />
          <CryptoHeatmapCard />
          <div className="lg:col-span-2">
            <TimelineNewsCard />
          </div>
        </div>
      </section>

      <section id="how-it-works" className="scroll-mt-20 bg-white py-20 dark:bg-slate-900/50">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">How it works</h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.title} className="flex flex-col gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
                  {index + 1}
                </span>
                <h3 className="text-base font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-gradient-to-br from-indigo-700 to-indigo-900 p-8 text-white shadow-xl sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Refer friends. Earn $50 each.</h2>
            <p className="mt-3 text-indigo-100">{referralWording.invitation(formatCents(REFERRAL_BONUS_CENTS))}</p>
          </div>
          <Link
            to="/register"
            className="inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-6 font-medium text-indigo-800 shadow-sm transition-colors hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Get started
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </section>
    </main>
  );
}
