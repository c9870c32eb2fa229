import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { runEvery } from '../lib/interval-job.js';
import { type AccrualOptions, runAccrual } from '../modules/investments/accrual.service.js';

/**
 * Runs the accrual job every `intervalMs`, one run at a time. Every node may run it: the job
 * skips rows another node holds and pays a day at most once. Returns a stop function that waits
 * for a run in progress.
 */
export function startAccrualTimer(
  db: Db,
  clock: () => Date,
  intervalMs: number,
  log: FastifyBaseLogger,
  options: AccrualOptions = {},
) {
  return runEvery(
    () =>
      runAccrual(db, clock(), options)
        .then((n) => {
          if (n > 0) log.info({ investments: n }, 'profit accrued');
        })
        .catch((err: unknown) => log.error({ err }, 'profit accrual failed')),
    intervalMs,
  );
}
