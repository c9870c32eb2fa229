import { connection } from './connection';

/** Code fetched on demand could not be had: the next use asks again. */
export class ChunkUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('This part of Meridian could not be loaded', cause === undefined ? undefined : { cause });
    this.name = 'ChunkUnavailableError';
  }
}

export interface OnDemand<T> {
  /** The module: at once once it has arrived, else fetched now; rejects with ChunkUnavailableError. */
  (): Promise<T>;
  /** The module if it has arrived, else undefined (never fetches). */
  loaded(): T | undefined;
}

/**
 * The one way a lazily loaded piece of the app is fetched (the toaster, validation schemas, menus and
 * dialogs, pages): kept for the rest of the visit once it has arrived, and a failure is not kept, so
 * the next use fetches again (React.lazy and a cached `import()` promise keep the failure for good).
 *
 * Nothing is fetched while Meridian is unreachable or the browser is offline: it fails at once
 * instead. That matters because Chromium (150) remembers a module script whose fetch failed for the
 * rest of the page's life (whatwg/html#6768; the specification now says otherwise, #10327, and
 * browsers have yet to follow): an `import()` tried offline would fail again after the network is
 * back. (A fetch that fails while the network seemed fine is remembered that way too; only a reload
 * clears it, which is what the router's error page does for a page's code.)
 */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: { module: T } | undefined;
  let pending: Promise<T> | undefined;
  const get = (): Promise<T> => {
    if (value) return Promise.resolve(value.module);
    if (pending) return pending;
    if (!connection.reachable()) return Promise.reject(new ChunkUnavailableError());
    pending = load().then(
      (module) => {
        value = { module };
        pending = undefined;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw new ChunkUnavailableError(error);
      },
    );
    return pending;
  };
  return Object.assign(get, { loaded: () => value?.module });
}
