import { useState } from 'react';

/**
 * The order being edited over the order saved: the saved ids in the draft's order, with any method
 * added meanwhile (heard over the 'admin' topic) at the end and any removed one gone.
 */
function reconcile(draft: readonly string[], saved: readonly string[]): string[] {
  const kept = draft.filter((id) => saved.includes(id));
  return [...kept, ...saved.filter((id) => !kept.includes(id))];
}

export function useDraftOrder(saved: readonly string[]) {
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  const order = draft ? reconcile(draft, saved) : [...saved];
  const changed = order.some((id, index) => saved[index] !== id);
  /** Moves `id` by `by` places (-1 up, +1 down); returns its new index, or null when it cannot move. */
  const move = (id: string, by: -1 | 1): number | null => {
    const from = order.indexOf(id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= order.length) return null;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, id);
    setDraft(next);
    return to;
  };
  /** Puts `id` where `target` is (a drop). */
  const place = (id: string, target: string) => {
    const from = order.indexOf(id);
    const to = order.indexOf(target);
    if (from < 0 || to < 0 || from === to) return;
    const next = [...order];
    next.splice(from, 1);
    next.splice(to, 0, id);
    setDraft(next);
  };
  return { order, changed, move, place, reset: () => setDraft(null) };
}
