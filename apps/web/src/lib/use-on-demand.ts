import { useCallback, useRef, useState } from 'react';
import type { OnDemand } from './on-demand';

/**
 * Code a control needs only once the user reaches for it (a menu's dialog), fetched then rather than
 * with the page: `request` starts the fetch (call it on pointer-enter, focus and click), `module` is
 * null until it has arrived. `load` is a module-level `onDemand` (on-demand.ts): fetched once for the
 * visit, a menu opened on one page is ready on the next; a fetch that failed (offline) is tried again
 * by the next pointer-enter, focus or click.
 * `placeholderFocused` says whether the stand-in control had the focus, so the real one can take it.
 */
export function useOnDemand<T>(load: OnDemand<T>) {
  const [module, setModule] = useState<T | null>(() => load.loaded() ?? null);
  const focused = useRef(false);
  const placeholder = useRef<HTMLElement | null>(null);
  /** Fetches the code; resolves true once it is here, false if it cannot be had now. */
  const request = useCallback(
    () =>
      load().then(
        (value) => {
          // Read as the stand-in is about to go: a blur fired by its removal must not count (Preact
          // delivers that one, React does not).
          focused.current = placeholder.current !== null && placeholder.current === document.activeElement;
          setModule(() => value);
          return true;
        },
        // Out of reach for now: the shell says so (connection.ts), and the next use asks again.
        () => false,
      ),
    [load],
  );
  /**
   * Handlers for the stand-in control: pointing at it or focusing it fetches the code; pressing it
   * (pointer down, as Radix's triggers react, or a click from the keyboard) also calls `activate`,
   * which opens the menu once it is there. Pointer down too, so a press that straddles the swap to
   * the real control is not lost. If the code cannot be had, `cancel` takes the press back, so the
   * menu does not open by surprise when it arrives later.
   */
  const placeholderProps = (activate: () => void, cancel: () => void) => {
    const press = () => {
      activate();
      void request().then((arrived) => arrived || cancel());
    };
    return {
      ref: (element: HTMLElement | null) => {
        placeholder.current = element;
      },
      onPointerEnter: () => void request(),
      onFocus: () => void request(),
      onPointerDown: (event: { button: number; ctrlKey: boolean }) => {
        if (event.button !== 0 || event.ctrlKey) return;
        press();
      },
      onClick: press,
    };
  };
  return { module, request, placeholderProps, placeholderFocused: focused };
}
