import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connection } from './connection';
import { ChunkUnavailableError, onDemand } from './on-demand';

/** A load whose answer the test gives when it likes. */
function deferredLoad<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

beforeEach(() => {
  // The connection's probe must not reach the network from these tests.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  vi.useFakeTimers();
});

afterEach(() => {
  connection.reached();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('onDemand', () => {
  it('fetches once and keeps the module for every later use', async () => {
    const module = { name: 'toaster' };
    const load = vi.fn(async () => module);
    const get = onDemand(load);
    expect(get.loaded()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();

    await expect(get()).resolves.toBe(module);
    await expect(get()).resolves.toBe(module);
    expect(get.loaded()).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one fetch between uses that ask while it is under way', async () => {
    const { load, calls } = deferredLoad<string>();
    const get = onDemand(load);
    const first = get();
    const second = get();
    expect(load).toHaveBeenCalledTimes(1);
    expect(get.loaded()).toBeUndefined();
    calls[0]?.resolve('schemas');
    await expect(Promise.all([first, second])).resolves.toEqual(['schemas', 'schemas']);
  });

  it('does not keep a failure: it rejects with ChunkUnavailableError and the next use fetches again', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(cause).mockResolvedValueOnce('menus');
    const get = onDemand(load);

    const failed = await get().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ChunkUnavailableError);
    expect((failed as Error).cause).toBe(cause);
    expect(get.loaded()).toBeUndefined();

    await expect(get()).resolves.toBe('menus');
    expect(load).toHaveBeenCalledTimes(2);
    expect(get.loaded()).toBe('menus');
  });

  it('fetches nothing while Meridian is unreachable, and fetches once it is reached', async () => {
    const load = vi.fn(async () => 'dialogs');
    const get = onDemand(load);
    connection.unreachable();

    await expect(get()).rejects.toBeInstanceOf(ChunkUnavailableError);
    await expect(get()).rejects.toBeInstanceOf(ChunkUnavailableError);
    expect(load).not.toHaveBeenCalled();

    connection.reached();
    await expect(get()).resolves.toBe('dialogs');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps answering with a module that arrived before Meridian became unreachable', async () => {
    const load = vi.fn(async () => 'page');
    const get = onDemand(load);
    await get();
    connection.unreachable();
    await expect(get()).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
