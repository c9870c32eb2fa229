import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Connection = typeof import('./connection')['connection'];

/** Probes of /api/health the module made, each answered by the next of `answers` (true: 200, false: no answer). */
function stubHealth(answers: boolean[]) {
  const probes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      probes.push(url);
      if (answers.shift()) return new Response('{}', { status: 200 });
      throw new TypeError('Failed to fetch');
    }),
  );
  return probes;
}

/** A fresh copy of the module (its state is the page's), with `window` and `navigator` as given. */
async function load({ online = true, window }: { online?: boolean; window?: EventTarget } = {}): Promise<Connection> {
  vi.resetModules();
  vi.stubGlobal('navigator', { onLine: online });
  if (window) vi.stubGlobal('window', window);
  return (await import('./connection')).connection;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connection', () => {
  it('is reachable until a request goes unanswered, and says so once to each listener', async () => {
    stubHealth([]);
    const connection = await load();
    const heard = vi.fn();
    connection.subscribe(heard);
    expect(connection.reachable()).toBe(true);

    connection.unreachable();
    connection.unreachable();
    expect(connection.reachable()).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);

    connection.reached();
    connection.reached();
    expect(connection.reachable()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('probes /api/health after 1 s, 2 s, 4 s, 8 s, then every 10 s, until it is answered', async () => {
    const probes = stubHealth([false, false, false, false, false, false, true]);
    const connection = await load();
    const heard = vi.fn();
    connection.subscribe(heard);
    connection.unreachable();

    const waits = [1_000, 2_000, 4_000, 8_000, 10_000, 10_000];
    for (const [i, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(probes, `before probe ${i + 1}`).toHaveLength(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(probes, `probe ${i + 1}`).toHaveLength(i + 1);
      expect(connection.reachable()).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probes).toEqual(Array(7).fill('/api/health'));
    expect(connection.reachable()).toBe(true);
    expect(heard).toHaveBeenCalledTimes(2);

    // Answered: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toHaveLength(7);
  });

  it('goes on probing while /api/health answers with an error status', async () => {
    const statuses: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        statuses.push(503);
        return new Response('{}', { status: 503 });
      }),
    );
    const connection = await load();
    connection.unreachable();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000);
    expect(statuses).toHaveLength(2);
    expect(connection.reachable()).toBe(false);
  });

  it('starts over at 1 s after it was reached and lost again', async () => {
    const probes = stubHealth([false, false, true, false, true]);
    const connection = await load();
    connection.unreachable();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(probes).toHaveLength(3);
    expect(connection.reachable()).toBe(true);

    connection.unreachable();
    await vi.advanceTimersByTimeAsync(999);
    expect(probes).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toHaveLength(4);
  });

  it('whenReachable resolves at once while reachable, else when it is reached', async () => {
    stubHealth([]);
    const connection = await load();
    await expect(connection.whenReachable()).resolves.toBeUndefined();

    connection.unreachable();
    let resolved = false;
    void connection.whenReachable().then(() => {
      resolved = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(false);
    connection.reached();
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
  });

  it('is unreachable while the browser says it is offline, without any request failing', async () => {
    stubHealth([]);
    const connection = await load({ online: false });
    expect(connection.reachable()).toBe(false);
  });

  it("probes at once when the browser comes back online, and tells listeners of the browser's changes", async () => {
    const probes = stubHealth([false, true]);
    const window = new EventTarget();
    const connection = await load({ window });
    const heard = vi.fn();
    connection.subscribe(heard);

    window.dispatchEvent(new Event('offline'));
    expect(heard).toHaveBeenCalledTimes(1);

    connection.unreachable();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probes).toHaveLength(1);
    // The next probe would come after 2 s; coming back online asks now.
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toHaveLength(2);
    expect(connection.reachable()).toBe(true);
  });

  it('stops telling a listener that unsubscribed', async () => {
    stubHealth([]);
    const connection = await load();
    const heard = vi.fn();
    const stop = connection.subscribe(heard);
    stop();
    connection.unreachable();
    expect(heard).not.toHaveBeenCalled();
  });
});
