import { Link, Outlet } from 'react-router';
import { DashboardLink } from '../../components/layouts/dashboard-link';
import { ThemeToggle } from '../../components/theme-toggle';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { textLinkClasses } from '../../components/ui/text-link';
import { useSignedIn } from '../../lib/api/get-session';

/** Landing and legal pages: a slim header with the entry points, and a footer. */
export function PublicLayout() {
  const signedIn = useSignedIn();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800/80 dark:bg-slate-950/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Link to="/" aria-label="Meridian home" className="mr-auto rounded-lg">
            <Logo />
          </Link>
          <ThemeToggle />
          {/* Nothing while the session is checked, so a signed-in user never sees 'Log in' flash by. */}
          {signedIn === true && <DashboardLink />}
          {signedIn === false && (
            <>
              <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                Log in
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')}>
                Register
              </Link>
            </>
          )}
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-slate-400">
          <p>© {new Date().getFullYear()} Meridian. Investing involves risk; returns are not guaranteed.</p>
          <nav aria-label="Legal" className="flex gap-5">
            <Link to="/terms" className={textLinkClasses}>
              Terms of Service
            </Link>
            <Link to="/privacy" className={textLinkClasses}>
              Privacy Policy
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
