/**
 * Runs `task` now and then every `intervalMs`, one run at a time (a tick while a run is under way is
 * skipped); 0 or less never runs it. Returns a stop function that waits for a run in progress.
 */
export function runEvery(task: () => Promise<void>, intervalMs: number): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = task().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
