import { UNATTENDED_AFTER_MS } from '@meridian/shared';

/** The user's own input: what tells someone is at the page, as opposed to a live update arriving. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

type Target = Pick<EventTarget, 'addEventListener'>;

/**
 * Whether anyone is using the page: a request sent while nobody is (a live update's refetch, a timer)
 * is marked unattended, so the server does not count it as console activity and an unattended console
 * still signs its operator out. Loading the page counts as use.
 */
export function createAttention(now: () => number = () => Date.now()) {
  let lastInput = now();
  return {
    /** Listens for input on `target` (the window); passive, so no scroll waits on it. */
    watch(target: Target): void {
      const note = () => {
        lastInput = now();
      };
      for (const type of INPUT_EVENTS) target.addEventListener(type, note, { capture: true, passive: true });
    },
    unattended(hidden: boolean): boolean {
      return hidden || now() - lastInput > UNATTENDED_AFTER_MS;
    },
  };
}

const attention = createAttention();
if (typeof window !== 'undefined') attention.watch(window);

/** True when a request made now is not the user's doing (see createAttention). */
export function isUnattended(): boolean {
  return attention.unattended(typeof document !== 'undefined' && document.visibilityState === 'hidden');
}
