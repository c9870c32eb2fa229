import type { toast as sonnerToast } from 'sonner';
import { errorMessage } from './api-client';
import { onDemand } from './on-demand';

type Toast = typeof sonnerToast;

/**
 * Sonner (~9 KB compressed) is fetched with the first toast, not with every page: most visits show
 * none. Its Toaster must be on the page before a toast is raised (one raised earlier is lost), so
 * the first toast asks the ToasterHost (app/providers.tsx) to mount it and waits for it.
 *
 * Either can fail to arrive (offline, Meridian unreachable): the toast is then shown by the fallback
 * notice, which is part of every page, and the next toast fetches them again (on-demand.ts).
 */
const loadSonner = onDemand(() => import('sonner'));

/** Mounts the Toaster; resolves once its code is on the page (it then calls `mounted`), rejects if it cannot be had. */
type MountToaster = () => Promise<void>;

let connectHost: (mount: MountToaster) => void = () => {};
const hostConnected = new Promise<MountToaster>((resolve) => {
  connectHost = resolve;
});
let markMounted: () => void = () => {};
/** The Toaster listens: kept once true; a failure to mount it is forgotten, so the next toast tries again. */
let toasterReady: Promise<void> | null = null;

export const toasterHost = {
  /** The host's way to mount the Toaster (once, as the app starts). */
  connect(mount: MountToaster): void {
    connectHost(mount);
  },
  /** Called by the Toaster's wrapper once the Toaster listens. */
  mounted: () => markMounted(),
};

function whenToasterListens(): Promise<void> {
  toasterReady ??= hostConnected
    .then(
      (mount) =>
        new Promise<void>((resolve, reject) => {
          markMounted = resolve;
          mount().catch(reject);
        }),
    )
    .catch((error: unknown) => {
      toasterReady = null;
      throw error;
    });
  return toasterReady;
}

/** What the fallback notice shows in place of a toast that could not appear. */
export interface FallbackToast {
  /** Toasts with one id replace each other, as Sonner's do. */
  id: string;
  kind: 'success' | 'error' | 'info' | 'loading';
  title: string;
  description?: string;
}

let fallbackToast: FallbackToast | null = null;
const fallbackListeners = new Set<() => void>();

/** The toast the fallback notice shows (app/fallback-toast.tsx), as an external store. */
export const fallbackToasts = {
  current: (): FallbackToast | null => fallbackToast,
  subscribe(listener: () => void): () => void {
    fallbackListeners.add(listener);
    return () => fallbackListeners.delete(listener);
  },
  dismiss(id: string): void {
    if (fallbackToast?.id !== id) return;
    fallbackToast = null;
    for (const listener of fallbackListeners) listener();
  },
};

function showFallback(toast: FallbackToast): void {
  fallbackToast = toast;
  for (const listener of fallbackListeners) listener();
}

/** Runs `show` with Sonner's toast once the Toaster is on the page, or shows `fallback` if they cannot be had. */
function withToast(show: (toast: Toast) => void, fallback: FallbackToast): void {
  Promise.all([loadSonner(), whenToasterListens()]).then(
    ([sonner]) => {
      // A toast that made it replaces a fallback still on screen for the same action.
      fallbackToasts.dismiss(fallback.id);
      show(sonner.toast);
    },
    () => showFallback(fallback),
  );
}

const described = (description: string | undefined) => (description === undefined ? {} : { description });

/**
 * Toasts keyed by their text, so pressing a button twice updates one toast instead of stacking
 * two identical ones (each message appears exactly once).
 */
export const notify = {
  success: (message: string, description?: string) =>
    withToast((toast) => toast.success(message, { id: message, ...described(description) }), {
      id: message,
      kind: 'success',
      title: message,
      ...described(description),
    }),
  error: (message: string) =>
    withToast((toast) => toast.error(message, { id: message }), { id: message, kind: 'error', title: message }),
  info: (message: string) =>
    withToast((toast) => toast.info(message, { id: message }), { id: message, kind: 'info', title: message }),
  failure: (error: unknown) => notify.error(errorMessage(error)),
  /** A toast under an id of the caller's, which the next toast with that id replaces in place. */
  as: (id: string) => ({
    loading: (message: string) =>
      withToast((toast) => toast.loading(message, { id }), { id, kind: 'loading', title: message }),
    success: (message: string, description?: string) =>
      withToast((toast) => toast.success(message, { id, ...described(description) }), {
        id,
        kind: 'success',
        title: message,
        ...described(description),
      }),
    error: (message: string) =>
      withToast((toast) => toast.error(message, { id }), { id, kind: 'error', title: message }),
  }),
};
