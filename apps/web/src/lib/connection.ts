/**
 * Whether Meridian can be reached, as the app last found out: a request that got no answer (the
 * server or the network gone) makes it unreachable until a probe of /api/health is answered, asked
 * again and again with a growing pause (1 s, 2 s, 4 s ... 10 s) and at once when the browser says it
 * is back online. The browser saying it is offline makes it unreachable too.
 *
 * The shell says "Can't reach Meridian — retrying" meanwhile; queries wait instead of failing (the
 * query client's online state follows this one, see query-client.ts) and refetch when it returns; code
 * fetched on demand is not asked for (on-demand.ts). Nothing here signs anyone out: only a 401 does.
 */

const PROBE_URL = '/api/health';
const FIRST_PROBE_DELAY_MS = 1_000;
const MAX_PROBE_DELAY_MS = 10_000;

let answered = true;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = FIRST_PROBE_DELAY_MS;
let probing = false;
const listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function emit(): void {
  for (const listener of listeners) listener();
}

function scheduleProbe(delay: number): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), delay);
}

async function probe(): Promise<void> {
  if (answered || probing) return;
  probing = true;
  let ok = false;
  try {
    ok = (await fetch(PROBE_URL, { cache: 'no-store', headers: { Accept: 'application/json' } })).ok;
  } catch {
    ok = false;
  } finally {
    probing = false;
  }
  if (ok) {
    connection.reached();
    return;
  }
  probeDelay = Math.min(probeDelay * 2, MAX_PROBE_DELAY_MS);
  scheduleProbe(probeDelay);
}

export const connection = {
  /** True unless a request went unanswered (and no probe has been answered since) or the browser is offline. */
  reachable(): boolean {
    return answered && browserOnline();
  },

  /** A request got no answer from Meridian: say so and start probing until it answers again. */
  unreachable(): void {
    if (!answered) return;
    answered = false;
    probeDelay = FIRST_PROBE_DELAY_MS;
    scheduleProbe(probeDelay);
    emit();
  },

  /** Meridian answered (any status: a refusal is an answer). */
  reached(): void {
    if (answered) return;
    answered = true;
    clearTimeout(probeTimer);
    emit();
  },

  /** Calls `listener` on every change of `reachable()`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Resolves once Meridian is reachable (at once when it is). */
  whenReachable(): Promise<void> {
    if (connection.reachable()) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = connection.subscribe(() => {
        if (!connection.reachable()) return;
        stop();
        resolve();
      });
    });
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', emit);
  window.addEventListener('online', () => {
    // Back on a network: ask Meridian now rather than at the next step of the pause.
    if (!answered) scheduleProbe(0);
    emit();
  });
}
