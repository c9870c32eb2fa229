import { TOAST } from '@meridian/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { useTheme } from '../lib/theme';

const toasterStyle = (theme: 'light' | 'dark') =>
  ({
    '--width': `${TOAST.widthPx}px`,
    // Toast surfaces match the app's cards rather than Sonner's pure black/white.
    ...(theme === 'dark'
      ? { '--normal-bg': '#0f172a', '--normal-border': '#1e293b', '--normal-text': '#f1f5f9' }
      : { '--normal-bg': '#ffffff', '--normal-border': '#e2e8f0', '--normal-text': '#0f172a' }),
  }) as CSSProperties;

function ThemedToaster() {
  const { theme } = useTheme();
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

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
