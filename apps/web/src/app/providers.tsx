import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { toasterHost } from '../lib/toast';

const ThemedToaster = lazy(async () => ({ default: (await import('./themed-toaster')).ThemedToaster }));

/** Mounts the Toaster when the first toast asks for it (lib/toast.ts), and keeps it from then on. */
function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => toasterHost.connect(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
