import { adminMessages, can } from '@meridian/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { useUser } from '../../../lib/api/get-me';
import { cn } from '../../../lib/cn';
import { useAdminOverview } from '../api/get-overview';
import { adminHref, adminSections, type PendingQueue } from '../nav';

const itemClasses =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400';

/** A queue's pending count; nothing while unknown or when the queue is empty (never a '0' that may be false). */
function PendingBadge({ queue }: { queue: PendingQueue }) {
  const { data } = useAdminOverview();
  const count = data?.pending[queue].count;
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid={`pending-${queue}`}
        className="ml-auto min-w-6 rounded-full bg-amber-100 px-2 py-0.5 text-center text-xs font-semibold text-amber-900 tabular-nums dark:bg-amber-900/60 dark:text-amber-100"
      >
        {count > 999 ? '999+' : count}
      </span>
      <span className="sr-only">({adminMessages.console.pending(count)})</span>
    </>
  );
}

/**
 * The console's sections the operator's role includes (with the queues' pending counts) and the way
 * back to the member app.
 */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { role } = useUser();
  return (
    <div className="flex flex-1 flex-col gap-4">
      <nav aria-label={adminMessages.console.sections}>
        <ul className="flex flex-col gap-0.5">
          {adminSections
            .filter((section) => can(role, section.permission))
            .map(({ path, label, icon: Icon, badge }) => (
              <li key={path}>
                <NavLink
                  to={adminHref(path)}
                  end={path === ''}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      itemClasses,
                      isActive
                        ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950/70 dark:text-indigo-200'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {label}
                  {badge && <PendingBadge queue={badge} />}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="mt-auto border-t border-slate-200 pt-3 dark:border-slate-800">
        <Link
          to="/dashboard"
          onClick={onNavigate}
          className={cn(
            itemClasses,
            'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          )}
        >
          <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
          {adminMessages.console.backToApp}
        </Link>
      </div>
    </div>
  );
}
