import { isOperatorRole, shellMessages } from '@meridian/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BarChart3, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../lib/api/get-me';
import { useLogout } from '../../lib/api/sign-out';
import { initials } from '../../lib/initials';
import { avatarButton } from './account-menu';

const itemClasses =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none select-none ' +
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:opacity-60 ' +
  'dark:text-slate-300 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

export interface AccountMenuDropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stand-in button had the focus when this arrived: the real trigger takes it. */
  placeholderFocused: RefObject<boolean>;
}

/**
 * The profile dropdown (animates in over 0.2 s): name, e-mail, Profile, Investment Plans, the Admin
 * console for admins, Logout.
 */
export function AccountMenuDropdown({ open, onOpenChange, placeholderFocused }: AccountMenuDropdownProps) {
  const user = useUser();
  const signOut = useLogout();
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the real trigger replaces the stand-in
  useLayoutEffect(() => {
    if (placeholderFocused.current && !open) trigger.current?.focus();
  }, []);

  return (
    // Non-modal: the page is not hidden from assistive technology while the menu is open.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label="Account menu"
        data-initials={initials(user.name)}
        className={avatarButton}
      ></DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 origin-(--radix-dropdown-menu-content-transform-origin) rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl data-[state=open]:animate-dropdown-in dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="px-3 py-2.5">
            <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/profile">
              <UserRound className="size-4" aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/plans">
              <BarChart3 className="size-4" aria-hidden="true" />
              Investment Plans
            </Link>
          </DropdownMenu.Item>
          {isOperatorRole(user.role) && (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to="/admin">
                <ShieldCheck className="size-4" aria-hidden="true" />
                {shellMessages.adminConsole}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <DropdownMenu.Item
            className={`${itemClasses} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 dark:text-red-400 dark:data-[highlighted]:bg-red-950/50 dark:data-[highlighted]:text-red-300`}
            disabled={signOut.isPending}
            onSelect={(event) => {
              // Keep the menu open so 'Logging out...' stays visible while the request runs.
              event.preventDefault();
              void signOut.logout();
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {signOut.isPending ? 'Logging out...' : 'Logout'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
