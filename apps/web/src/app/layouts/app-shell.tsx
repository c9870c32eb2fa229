import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../../components/layouts/skip-link';
import { Spinner } from '../../components/ui/spinner';
import { useRealtime } from '../../lib/realtime/use-realtime';
import { TopBar } from './top-bar';

const MAIN_ID = 'main';

/** The signed-in frame: 'Skip to content', then the top bar (with the side menu) above the page. */
export function AppShell() {
  useRealtime();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_ID} />
      <TopBar />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-24 text-slate-500 dark:text-slate-400">
              <Spinner className="size-6" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
