import { Link, Outlet } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';
import { Logo } from '../../components/ui/logo';

/** The frame of the public auth pages; each page brings its own <AuthCard>. */
export function AuthLayout() {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-indigo-100/70 to-transparent dark:from-indigo-950/40"
      />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/" aria-label="Meridian home" className="rounded-lg">
          <Logo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:pt-0">
        <Outlet />
      </main>
    </div>
  );
}
