import { adminMessages, messages } from '@meridian/shared';
import { ShieldAlert } from 'lucide-react';
import { DashboardLink } from '../../../components/layouts/dashboard-link';
import { Logo } from '../../../components/ui/logo';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * A signed-in member who is not an admin, at /admin/...: says so and leads back to the dashboard.
 * (The server refuses every /api/admin call to them anyway.)
 */
export function NoAccess() {
  useDocumentTitle(messages.forbidden);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </span>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{messages.forbidden}</h1>
        <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{adminMessages.console.noAccessBody}</p>
      </div>
      <DashboardLink size="md" />
    </main>
  );
}
