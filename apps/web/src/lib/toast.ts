import type { toast as sonnerToast } from 'sonner';
import { errorMessage } from './api-client';

type Toast = typeof sonnerToast;

/**
 * Sonner (~9 KB compressed) is fetched with the first toast, not with every page: most visits show
 * none. Its Toaster must be on the page before a toast is raised (one raised earlier is lost), so
 * the first toast asks the ToasterHost (app/providers.tsx) to mount it and waits for it.
 */
let host: (() => void) | null = null;
let hostRequested = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let sonner: Promise<Toast> | null = null;

export const toasterHost = {
  /** The host's way to mount the Toaster; called at once when a toast is already waiting. */
  connect(mount: () => void): () => void {
    host = mount;
    if (hostRequested) mount();
    return () => {
      if (host === mount) host = null;
    };
  },
  /** Called by the Toaster's wrapper once the Toaster listens. */
  mounted: () => markMounted(),
};

/** Runs `show` with Sonner's toast once the Toaster is on the page (at once after the first time). */
function withToast(show: (toast: Toast) => void): void {
  if (!sonner) {
    hostRequested = true;
    host?.();
    sonner = Promise.all([import('sonner'), mounted]).then(([module]) => module.toast);
  }
  void sonner.then(show);
}

/**
 * Toasts keyed by their text, so pressing a button twice updates one toast instead of stacking
 * two identical ones (each message appears exactly once).
 */
export const notify = {
  success: (message: string, description?: string) =>
    withToast((toast) =>
      toast.success(message, { id: message, ...(description === undefined ? {} : { description }) }),
    ),
  error: (message: string) => withToast((toast) => toast.error(message, { id: message })),
  info: (message: string) => withToast((toast) => toast.info(message, { id: message })),
  failure: (error: unknown) => {
    const message = errorMessage(error);
    withToast((toast) => toast.error(message, { id: message }));
  },
  /** A toast under an id of the caller's, which the next toast with that id replaces in place. */
  as: (id: string) => ({
    loading: (message: string) => withToast((toast) => toast.loading(message, { id })),
    success: (message: string, description?: string) =>
      withToast((toast) => toast.success(message, { id, ...(description === undefined ? {} : { description }) })),
    error: (message: string) => withToast((toast) => toast.error(message, { id })),
  }),
};
