import { afterEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './interval-job.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('runEvery', () => {
  it('runs at once, then each interval, never two runs at a time, and stop waits for the run in progress', async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish: (() => void) | null = null;
    const stop = runEvery(() => {
      started++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    }, 1_000);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(started).toBe(1); // the first run is still going: the ticks were skipped
    (finish as unknown as () => void)();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    (finish as unknown as () => void)();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(2);
  });

  it('never runs with an interval of 0', async () => {
    let started = 0;
    await runEvery(async () => {
      started++;
    }, 0)();
    expect(started).toBe(0);
  });
});
