import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';
import { Logo } from '../../components/ui/logo';
import { useUser } from '../../lib/api/get-me';
import { AccountMenu } from './account-menu';
import { SideMenu } from './side-menu';

/** Menu button, logo on the dashboard or a back button elsewhere, theme toggle, name and account menu. */
export function TopBar() {
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const onDashboard = location.pathname === '/dashboard';

  // With no history inside the app (a fresh tab), 'back' means the dashboard.
  const goBack = () => (location.key === 'default' ? navigate('/dashboard') : navigate(-1));

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70 dark:border-slate-800 dark:bg-slate-950/85 dark:supports-[backdrop-filter]:bg-slate-950/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
        <SideMenu />
        {onDashboard ? (
          <Link to="/dashboard" aria-label="Meridian dashboard" className="rounded-lg">
            <Logo className="[&>span]:hidden sm:[&>span]:inline" />
          </Link>
        ) : (
          <button
            type="button"
            onClick={goBack}
            aria-label="Go back"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-indigo-400"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
          </button>
        )}
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <span className="max-w-[7rem] truncate text-sm font-medium text-slate-800 sm:max-w-[14rem] dark:text-slate-200">
            {user.name}
          </span>
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
