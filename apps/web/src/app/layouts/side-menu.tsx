import { Menu } from 'lucide-react';
import { useState } from 'react';
import { usePublicConfig } from '../../lib/api/get-public-config';
import { useWallet } from '../../lib/api/get-wallet';
import { onDemand } from '../../lib/on-demand';
import { useOnDemand } from '../../lib/use-on-demand';

export const menuButton =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 ' +
  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ' +
  'dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-indigo-400';

const loadDialog = onDemand(() => import('./side-menu-dialog'));

/**
 * The side menu's button; the menu itself (with Radix's dialog, ~13 KB compressed) is fetched when
 * the button is pointed at, focused or pressed, not with every page. The wallet and the support
 * link load with the page as before, so the menu opens with its figures.
 */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  const { wallet, isLoading } = useWallet();
  const config = usePublicConfig();
  const dialog = useOnDemand(loadDialog);

  if (dialog.module) {
    return (
      <dialog.module.SideMenuDialog
        open={open}
        onOpenChange={setOpen}
        placeholderFocused={dialog.placeholderFocused}
        wallet={wallet}
        isLoading={isLoading}
        config={config}
      />
    );
  }
  return (
    <button
      type="button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={menuButton}
      {...dialog.placeholderProps(
        () => setOpen(true),
        () => setOpen(false),
      )}
    >
      <Menu className="size-5" aria-hidden="true" />
    </button>
  );
}
