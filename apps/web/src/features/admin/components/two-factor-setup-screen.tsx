import { adminMessages } from '@meridian/shared';
import { ShieldCheck } from 'lucide-react';
import { DashboardLink } from '../../../components/layouts/dashboard-link';
import { TotpEnrolment } from '../../../components/two-factor/totp-enrolment';
import { Logo } from '../../../components/ui/logo';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * An operator without a second factor, at /admin/...: the console is closed to them (the server answers
 * TWO_FACTOR_REQUIRED) until they set up an authenticator app here; then the console opens.
 */
export function TwoFactorSetupScreen({ onDone }: { onDone: () => void }) {
  useDocumentTitle(adminMessages.twoFactorSetup.title);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <Logo />
      <div className="flex w-full max-w-lg flex-col gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1">
            <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
              {adminMessages.twoFactorSetup.title}
            </h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">{adminMessages.twoFactorSetup.lead}</p>
          </div>
        </div>
        <TotpEnrolment onDone={onDone} />
      </div>
      <DashboardLink size="md" />
    </main>
  );
}
