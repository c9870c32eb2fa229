import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps keyboard focus in the list when the item that held it leaves (settled here, or by another
 * operator and refetched over the 'admin' topic): focus goes to the item that took its place, else
 * the one before it, else `emptyRef` (the empty state), instead of falling back to the page's top.
 */
export function useFocusAfterRemoval(ids: readonly string[] | undefined) {
  const elements = useRef(new Map<string, HTMLElement>());
  const order = useRef<readonly string[]>([]);
  const focused = useRef<string | null>(null);
  const emptyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!ids) return;
    const before = order.current;
    order.current = ids;
    const gone = focused.current;
    if (gone === null || ids.includes(gone)) return;
    focused.current = null;
    // Only when focus was lost with the item: an operator who has moved on elsewhere keeps their place.
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const index = Math.max(0, before.indexOf(gone));
    const next = ids[Math.min(index, ids.length - 1)];
    (next ? elements.current.get(next) : emptyRef.current)?.focus();
  }, [ids]);

  /** The ref callback and focus tracking of the item `id`. */
  const itemProps = useCallback(
    (id: string) => ({
      ref: (element: HTMLElement | null) => {
        if (element) elements.current.set(id, element);
        else elements.current.delete(id);
      },
      onFocusCapture: () => {
        focused.current = id;
      },
    }),
    [],
  );

  return { itemProps, emptyRef };
}
