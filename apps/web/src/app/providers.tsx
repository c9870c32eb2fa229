import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { onDemand } from '../lib/on-demand';
import { toasterHost } from '../lib/toast';
import { FallbackToast } from './fallback-toast';
import { StepUpHost } from './step-up-host';

const loadToaster = onDemand(async () => (await import('./themed-toaster')).ThemedToaster);

/**
 * Mounts the Toaster when the first toast asks for it (lib/toast.ts), and keeps it from then on. If its
 * code cannot be fetched, the toast asking says so (and shows in the fallback notice); the next one
 * asks again.
 */
function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loadToaster.loaded() ?? null);
  useEffect(
    () =>
      toasterHost.connect(async () => {
        const component = await loadToaster();
        setToaster(() => component);
      }),
    [],
  );
  return Toaster ? <Toaster /> : null;
}

/** The query client comes from main.tsx, which shares it with the router's loaders. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
      <FallbackToast />
      <StepUpHost />
    </QueryClientProvider>
  );
}
