import { useState } from 'react';
import { useUser } from '../../lib/api/get-me';
import { initials } from '../../lib/initials';
import { onDemand } from '../../lib/on-demand';
import { useOnDemand } from '../../lib/use-on-demand';

export const avatarButton =
  'flex size-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white ' +
  'before:content-[attr(data-initials)] ring-offset-2 transition-shadow hover:ring-2 hover:ring-indigo-300 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'dark:ring-offset-slate-950 dark:hover:ring-indigo-700 dark:focus-visible:outline-indigo-400';

const loadDropdown = onDemand(() => import('./account-menu-dropdown'));

/**
 * The avatar button; its dropdown (Radix's menu and its positioning, ~17 KB compressed) is fetched
 * when the button is pointed at, focused or pressed, not with every page.
 */
export function AccountMenu() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const dropdown = useOnDemand(loadDropdown);

  if (dropdown.module) {
    return (
      <dropdown.module.AccountMenuDropdown
        open={open}
        onOpenChange={setOpen}
        placeholderFocused={dropdown.placeholderFocused}
      />
    );
  }
  return (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      data-initials={initials(user.name)}
      className={avatarButton}
      {...dropdown.placeholderProps(
        () => setOpen(true),
        () => setOpen(false),
      )}
    />
  );
}
