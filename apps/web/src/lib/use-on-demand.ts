import { useCallback, useRef, useState } from 'react';

interface Entry {
  value?: unknown;
  promise?: Promise<unknown>;
}

/** Fetched modules, for the rest of the visit: a menu opened on one page is ready on the next. */
const loaded = new Map<() => Promise<unknown>, Entry>();

/**
 * Code a control needs only once the user reaches for it (a menu's dialog), fetched then rather than
 * with the page: `request` starts the fetch (call it on pointer-enter, focus and click), `module` is
 * null until it has arrived. `load` must be a module-level function (it keys the cache).
 * `placeholderFocused` says whether the stand-in control had the focus, so the real one can take it.
 */
export function useOnDemand<T>(load: () => Promise<T>) {
  const [module, setModule] = useState<T | null>(() => (loaded.get(load)?.value as T | undefined) ?? null);
  const focused = useRef(false);
  const placeholder = useRef<HTMLElement | null>(null);
  const request = useCallback(() => {
    let entry = loaded.get(load);
    if (!entry) {
      entry = {};
      loaded.set(load, entry);
    }
    const current = entry;
    current.promise ??= load().then(
      (value) => {
        current.value = value;
        return value;
      },
      (error: unknown) => {
        // Offline for a moment: the next pointer-enter, focus or click tries again.
        current.promise = undefined;
        throw error;
      },
    );
    current.promise.then(
      (value) => {
        // Read as the stand-in is about to go: a blur fired by its removal must not count (Preact
        // delivers that one, React does not).
        focused.current = placeholder.current !== null && placeholder.current === document.activeElement;
        setModule(() => value as T);
      },
      () => {},
    );
  }, [load]);
  /**
   * Handlers for the stand-in control: pointing at it or focusing it fetches the code; pressing it
   * (pointer down, as Radix's triggers react, or a click from the keyboard) also calls `activate`,
   * which opens the menu once it is there. Pointer down too, so a press that straddles the swap to
   * the real control is not lost.
   */
  const placeholderProps = (activate: () => void) => ({
    ref: (element: HTMLElement | null) => {
      placeholder.current = element;
    },
    onPointerEnter: request,
    onFocus: request,
    onPointerDown: (event: { button: number; ctrlKey: boolean }) => {
      if (event.button !== 0 || event.ctrlKey) return;
      activate();
      request();
    },
    onClick: () => {
      activate();
      request();
    },
  });
  return { module, request, placeholderProps, placeholderFocused: focused };
}
