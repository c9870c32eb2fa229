import { deactivatedNotice, inactiveNotice, referralWording, verifyEmailTexts } from '@meridian/shared';
import { useQuery } from '@tanstack/react-query';
import { Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { meQueryOptions, useUser } from '../../lib/api/get-me';
import { usePublicConfig, useReferralBonus } from '../../lib/api/get-public-config';
import { useSendVerificationEmail } from '../../lib/api/send-verification-email';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClasses } from '../ui/button';

interface PageWrapperProps {
  title: string;
  description?: string;
  /** Shows the 'New' banner welcoming the user to the affiliate programme. */
  showBanner?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}

/** Every signed-in page: inactive users see only the not-active notice (spec section 2). */
export function PageWrapper({ title, description, showBanner = false, actions, children }: PageWrapperProps) {
  const user = useUser();
  const deactivated = user.deactivatedAt !== null;
  const unverified = !user.emailVerified;
  useDocumentTitle(
    user.isActive
      ? title
      : deactivated
        ? deactivatedNotice.title
        : unverified
          ? verifyEmailTexts.notVerifiedTitle
          : inactiveNotice.title,
  );
  if (!user.isActive) return <InactiveNotice deactivated={deactivated} unverified={unverified} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {showBanner && <NewBanner />}
      {children}
    </div>
  );
}

function NewBanner() {
  const bonus = useReferralBonus();
  return (
    <section
      aria-label="Affiliate programme"
      className="relative overflow-hidden rounded-xl border border-indigo-200 bg-gradient-to-r from-indigo-50 via-white to-emerald-50 p-4 sm:p-5 dark:border-indigo-900 dark:from-indigo-950/70 dark:via-slate-900 dark:to-emerald-950/40"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-indigo-600 px-2.5 py-0.5 text-xs font-semibold text-white">
            <Sparkles className="size-3" aria-hidden="true" />
            New
          </span>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <span className="font-semibold text-slate-900 dark:text-white">
              Welcome to the Meridian affiliate programme!
            </span>{' '}
            {referralWording.banner(bonus)}
          </p>
        </div>
        <Link to="/referrals" className={buttonClasses('secondary', 'sm', 'shrink-0 self-start sm:self-auto')}>
          Refer &amp; earn
        </Link>
      </div>
    </section>
  );
}

/**
 * How often a waiting inactive user's account is re-checked: activation then shows the app within
 * seconds, without a reload. (Active users hear of a deactivation over the realtime 'user' topic.)
 */
const ACTIVATION_CHECK_MS = 3_000;

/**
 * The not-active notice: a new account is told it is activated within 24 hours (spec section 2); an
 * account an operator deactivated is told so, and given both ways to reach support.
 */
function InactiveNotice({ deactivated, unverified }: { deactivated: boolean; unverified: boolean }) {
  // Polls only while the notice is on screen; the page replaces it as soon as /api/me says active.
  useQuery({ ...meQueryOptions, refetchInterval: ACTIVATION_CHECK_MS });
  const config = usePublicConfig();
  const mail = config ? `mailto:${config.supportEmail}` : undefined;
  return (
    <div className="flex justify-center py-10">
      <div
        role="alert"
        className="flex w-full max-w-lg flex-col items-center gap-4 rounded-2xl border border-amber-200 bg-white p-8 text-center shadow-sm dark:border-amber-900/60 dark:bg-slate-900"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          <Lock className="size-6" aria-hidden="true" />
        </span>
        {deactivated ? (
          <>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{deactivatedNotice.title}</h1>
            <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">{deactivatedNotice.body}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <a href={mail} className={buttonClasses('primary')}>
                {deactivatedNotice.email}
              </a>
              {config?.supportChatUrl && (
                <a
                  href={config.supportChatUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('secondary')}
                >
                  {deactivatedNotice.chat}
                </a>
              )}
            </div>
            {config && <p className="text-sm break-all text-slate-600 dark:text-slate-400">{config.supportEmail}</p>}
          </>
        ) : unverified ? (
          <VerifyEmailNotice />
        ) : (
          <>
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{inactiveNotice.title}</h1>
            <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">{inactiveNotice.body}</p>
            <a href={mail} className={buttonClasses('primary')}>
              {inactiveNotice.contact}
            </a>
          </>
        )}
      </div>
    </div>
  );
}

/** An account whose address is not verified yet: nothing can activate it until the link is opened. */
function VerifyEmailNotice() {
  const resend = useSendVerificationEmail();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => notify.success(verifyEmailTexts.resent),
      onError: (error) => notify.failure(error),
    });
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{verifyEmailTexts.notVerifiedTitle}</h1>
      <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">{verifyEmailTexts.notVerifiedBody}</p>
      <Button type="button" onClick={send} loading={resend.isPending}>
        {resend.isPending ? verifyEmailTexts.resending : verifyEmailTexts.resend}
      </Button>
    </>
  );
}
