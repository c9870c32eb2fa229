import { TOAST } from '@meridian/shared';
import { type CSSProperties, useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';
import { toasterHost } from '../lib/toast';

const toasterStyle = (theme: 'light' | 'dark') =>
  ({
    '--width': `${TOAST.widthPx}px`,
    // Toast surfaces match the app's cards rather than Sonner's pure black/white.
    ...(theme === 'dark'
      ? { '--normal-bg': '#0f172a', '--normal-border': '#1e293b', '--normal-text': '#f1f5f9' }
      : { '--normal-bg': '#ffffff', '--normal-border': '#e2e8f0', '--normal-text': '#0f172a' }),
  }) as CSSProperties;

/** Sonner's Toaster in the app's theme; loaded with the first toast (lib/toast.ts). */
export function ThemedToaster() {
  const { theme } = useTheme();
  // A parent's effect runs after its children's: the Toaster already listens when the toasts go out.
  useEffect(() => toasterHost.mounted(), []);
  return (
    <Toaster
      theme={theme}
      // Top centre: clear of the account menu (top right) and of right-aligned form buttons (bottom right).
      position="top-center"
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gapPx}
      closeButton
      style={toasterStyle(theme)}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
