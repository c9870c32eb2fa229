import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { runAccrual } from '../modules/investments/accrual.service.js';

/**
 * Runs the accrual job every `intervalMs`, one run at a time. Every node may run it: the job
 * skips rows another node holds and pays a day at most once. Returns a stop function that waits
 * for a run in progress.
 */
export function startAccrualTimer(db: Db, clock: () => Date, intervalMs: number, log: FastifyBaseLogger) {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runAccrual(db, clock())
      .then((n) => {
        if (n > 0) log.info({ investments: n }, 'profit accrued');
      })
      .catch((err: unknown) => log.error({ err }, 'profit accrual failed'))
      .finally(() => {
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
