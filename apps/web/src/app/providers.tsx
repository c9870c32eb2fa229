import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
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

/** The query client comes from main.tsx, which shares it with the router's loaders. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
