import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DashboardLink } from '../../components/layouts/dashboard-link';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useSignedIn } from '../../lib/api/get-session';
import { connection } from '../../lib/connection';

const RELOAD_KEY = 'meridian:chunk-reload';

/**
 * After a deploy, an open tab may ask for a page chunk that no longer exists; and a chunk whose fetch
 * failed stays failed until the page is reloaded (lib/on-demand.ts): reload once.
 */
function isStaleChunk(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

export function RouteError() {
  const error = useRouteError();
  const lastReload = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  // At most one automatic reload every 30 s, so a real outage cannot cause a reload loop.
  const reload = isStaleChunk(error) && Date.now() - lastReload > 30_000;
  useEffect(() => {
    if (!reload) return;
    // Not into the browser's offline page: once Meridian answers again.
    let cancelled = false;
    void connection.whenReachable().then(() => {
      if (cancelled) return;
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
    });
    return () => {
      cancelled = true;
    };
  }, [reload]);
  if (reload) return null;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorScreen title={notFound ? 'Page not found' : 'Something went wrong'} />;
}

export function NotFoundPage() {
  return <ErrorScreen title="Page not found" />;
}

function ErrorScreen({ title }: { title: string }) {
  const signedIn = useSignedIn();
  const body =
    title === 'Page not found'
      ? 'The page you are looking for does not exist or has moved.'
      : 'An unexpected error stopped this page from loading. Please reload, or go back home.';
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{title}</h1>
        <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">{body}</p>
      </div>
      {signedIn ? (
        <DashboardLink size="md" />
      ) : (
        <Link to="/" className={buttonClasses('primary')}>
          Go home
        </Link>
      )}
    </main>
  );
}
