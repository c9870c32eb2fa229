type Listener = (open: boolean) => void;

const listeners = new Set<Listener>();
let pending: Promise<boolean> | null = null;
let settle: ((proved: boolean) => void) | null = null;

/**
 * The step-up prompt between the API client and the dialog that asks (app/step-up-host.tsx): a request
 * answered 403 STEP_UP_REQUIRED asks here, the dialog opens once for every request waiting, and each
 * is sent again once the user has proved it is them — or fails with the server's message if they
 * cancelled.
 */
export const stepUpPrompt = {
  /** Resolves true once the user proved it is them, false when they cancelled (or nothing can ask). */
  request(): Promise<boolean> {
    if (listeners.size === 0) return Promise.resolve(false);
    if (!pending) {
      pending = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      for (const listener of listeners) listener(true);
    }
    return pending;
  },
  finish(proved: boolean): void {
    settle?.(proved);
    pending = null;
    settle = null;
    for (const listener of listeners) listener(false);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
