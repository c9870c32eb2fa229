import type { PublicConfig } from '@meridian/shared';
import { formatCents, isOperatorRole, shellMessages } from '@meridian/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Headset, Menu, ShieldCheck, X } from 'lucide-react';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { FittedFigure } from '../../components/ui/fitted-figure';
import { Logo } from '../../components/ui/logo';
import { Skeleton } from '../../components/ui/skeleton';
import { useUser } from '../../lib/api/get-me';
import type { WalletState } from '../../lib/api/get-wallet';
import { cn } from '../../lib/cn';
import { navLinks } from './nav-links';
import { menuButton } from './side-menu';

export interface SideMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stand-in button had the focus when this arrived: the real trigger takes it. */
  placeholderFocused: RefObject<boolean>;
  wallet: WalletState['wallet'];
  isLoading: boolean;
  config: PublicConfig | undefined;
}

/** The slide-in side menu (0.3 s): name, balance, nine links (and the console for admins), the 'Need Help' card. */
export function SideMenuDialog({
  open,
  onOpenChange,
  placeholderFocused,
  wallet,
  isLoading,
  config,
}: SideMenuDialogProps) {
  const user = useUser();
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the real trigger replaces the stand-in
  useLayoutEffect(() => {
    if (placeholderFocused.current && !open) trigger.current?.focus();
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger ref={trigger} aria-label="Open menu" className={menuButton}>
        <Menu className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col gap-5 overflow-y-auto border-r border-slate-200 bg-white p-5 shadow-2xl data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left dark:border-slate-800 dark:bg-slate-950"
        >
          <div className="flex items-center justify-between">
            <Logo />
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className={menuButton}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <div className="@container rounded-xl bg-gradient-to-br from-indigo-600 to-indigo-800 p-4 text-white shadow-md">
            <p className="truncate text-sm font-medium text-indigo-100">{user.name}</p>
            <p className="mt-3 text-xs tracking-wide text-indigo-100 uppercase">Balance</p>
            {/* A balance that could not be loaded is not shown at all: never $0.00 in its place. */}
            {wallet ? (
              <FittedFigure
                text={formatCents(wallet.balanceCents)}
                maxRem={1.5}
                className="font-semibold"
                data-testid="menu-balance"
              />
            ) : isLoading ? (
              <Skeleton className="mt-1 h-7 w-28 bg-indigo-400/40 dark:bg-indigo-400/40" />
            ) : (
              <p className="text-sm font-medium text-indigo-100" data-testid="menu-balance-unavailable">
                {shellMessages.figureUnavailable}
              </p>
            )}
          </div>

          <nav aria-label="Main">
            <ul className="grid grid-cols-3 gap-2">
              {navLinks.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={() => onOpenChange(false)}
                    className={({ isActive }) =>
                      cn(
                        'flex h-full min-h-22 flex-col items-center justify-center gap-2 rounded-xl border p-2 text-center text-xs font-medium transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
                        isActive
                          ? 'border-indigo-200 bg-indigo-50 text-indigo-800 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200'
                          : 'border-slate-200 text-slate-700 hover:bg-slate-50 dark:border-slate-800 dark:text-slate-300 dark:hover:bg-slate-900',
                      )
                    }
                  >
                    <Icon className="size-5" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {isOperatorRole(user.role) && (
              <NavLink
                to="/admin"
                onClick={() => onOpenChange(false)}
                className="mt-2 flex items-center justify-center gap-2 rounded-xl border border-slate-200 p-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-800 dark:text-slate-300 dark:hover:bg-slate-900 dark:focus-visible:outline-indigo-400"
              >
                <ShieldCheck className="size-5" aria-hidden="true" />
                {shellMessages.adminConsole}
              </NavLink>
            )}
          </nav>

          <div className="mt-auto rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-center gap-2">
              <Headset className="size-5 text-indigo-700 dark:text-indigo-300" aria-hidden="true" />
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Need Help</h2>
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Our support team is available 24/7 to answer your questions.
            </p>
            {config?.supportChatUrl && (
              <a
                href={config.supportChatUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
              >
                Chat with support 24/7
              </a>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
