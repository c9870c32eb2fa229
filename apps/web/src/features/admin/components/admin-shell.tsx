import { adminMessages } from '@meridian/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { SkipLink } from '../../../components/layouts/skip-link';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { useUser } from '../../../lib/api/get-me';
import { useLogout } from '../../../lib/api/sign-out';
import { useRealtime } from '../../../lib/realtime/use-realtime';
import { AdminNav } from './admin-nav';

const MAIN_ID = 'admin-main';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 ' +
  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-indigo-400';

function ConsoleMark() {
  return (
    <Link to="/admin" className="flex items-center gap-2 rounded-lg" aria-label={adminMessages.console.title}>
      <Logo withWord={false} />
      <span className="text-base font-semibold tracking-tight text-slate-900 dark:text-white">
        {adminMessages.console.title}
      </span>
    </Link>
  );
}

/** Below the lg breakpoint the sections live in a drawer opened from the top bar. */
function MenuDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger aria-label={adminMessages.console.openMenu} className={`${iconButton} lg:hidden`}>
        <Menu className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col gap-5 overflow-y-auto border-r border-slate-200 bg-white p-4 shadow-2xl data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left dark:border-slate-800 dark:bg-slate-950"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title asChild>
              <span>
                <ConsoleMark />
              </span>
            </Dialog.Title>
            <Dialog.Close aria-label={adminMessages.console.closeMenu} className={iconButton}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <AdminNav onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TopBar() {
  const user = useUser();
  const signOut = useLogout();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70 dark:border-slate-800 dark:bg-slate-950/85 dark:supports-[backdrop-filter]:bg-slate-950/70">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6 lg:px-8">
        <MenuDrawer />
        <div className="lg:hidden">
          <ConsoleMark />
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <div className="hidden min-w-0 items-center gap-2 sm:flex">
            <Avatar name={user.name} className="size-8 text-xs" />
            <div className="flex min-w-0 flex-col leading-tight">
              <span className="max-w-[12rem] truncate text-sm font-medium text-slate-900 dark:text-white">
                {user.name}
              </span>
              <span className="max-w-[12rem] truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</span>
            </div>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void signOut.logout()}
            loading={signOut.isPending}
            title={adminMessages.console.signOut}
          >
            {!signOut.isPending && <LogOut className="size-4" aria-hidden="true" />}
            <span className="sr-only sm:not-sr-only">
              {signOut.isPending ? adminMessages.console.signingOut : adminMessages.console.signOut}
            </span>
          </Button>
        </div>
      </div>
    </header>
  );
}

/**
 * The operator's console frame: the sections on the left (a drawer on small screens) with the
 * queues' pending counts, a top bar with the operator, the theme and sign-out, and the page. The
 * console keeps the member app's live connection: the 'admin' topic refetches every console query.
 */
export function AdminShell() {
  useRealtime();
  return (
    <div className="min-h-dvh lg:flex">
      <SkipLink targetId={MAIN_ID} />
      {/* A column as tall as the page (its border and background run to the page's end however long
          it is, in a full-page capture too), whose content stays in view as the page scrolls. */}
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-950">
        <div className="sticky top-0 flex h-dvh flex-col gap-6 overflow-y-auto px-4 py-5">
          <div className="px-1">
            <ConsoleMark />
          </div>
          <AdminNav />
        </div>
      </aside>
      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <TopBar />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
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
    </div>
  );
}
