import type { FastifyBaseLogger } from 'fastify';
import { claimDueEmails, failInterruptedEmails, markEmailAttemptFailed, markEmailSent } from '../core/email/outbox.js';
import type { Db } from '../db/client.js';
import { runEvery } from '../lib/interval-job.js';
import type { MailTransport } from '../lib/mail-transport.js';

export interface DispatchOptions {
  /** Rows claimed per run. */
  batch: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; doubled after each further one. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** A row claimed longer ago than this was interrupted mid-send. */
  interruptedAfterMs: number;
}

export const DISPATCH_DEFAULTS: DispatchOptions = {
  batch: 20,
  maxAttempts: 6,
  firstRetryMs: 30_000,
  maxRetryMs: 3_600_000,
  interruptedAfterMs: 600_000,
};

/** When the attempt after failed attempt number `attempt` may run: exponential backoff, capped. */
export function retryDelayMs(attempt: number, o: Pick<DispatchOptions, 'firstRetryMs' | 'maxRetryMs'>): number {
  return Math.min(o.maxRetryMs, o.firstRetryMs * 2 ** Math.max(0, attempt - 1));
}

export interface DispatchResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the due messages of the outbox once. Each row is claimed ('sending') and committed before it
 * is handed to the transport, so a message is sent at most once even when the process dies mid-send
 * or several dispatchers run at once; a refused attempt is tried again later, up to maxAttempts.
 */
export async function dispatchDueEmails(
  db: Db,
  transport: MailTransport,
  now: Date,
  options: Partial<DispatchOptions> = {},
): Promise<DispatchResult> {
  const o = { ...DISPATCH_DEFAULTS, ...options };
  const result: DispatchResult = { sent: 0, retrying: 0, failed: 0 };
  result.failed += await failInterruptedEmails(db, new Date(now.getTime() - o.interruptedAfterMs));
  for (const email of await claimDueEmails(db, now, o.batch)) {
    try {
      await transport.send(email);
      await markEmailSent(db, email.id, now);
      result.sent++;
    } catch (err) {
      const giveUp = email.attempt >= o.maxAttempts;
      const retryAt = giveUp ? null : new Date(now.getTime() + retryDelayMs(email.attempt, o));
      await markEmailAttemptFailed(db, email.id, errorText(err), retryAt);
      if (giveUp) result.failed++;
      else result.retrying++;
    }
  }
  return result;
}

/** The reason an attempt failed, as the operator's mailbox shows it (bounded). */
function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 500);
}

/**
 * Runs the dispatcher every `intervalMs`, one run at a time; 0 turns it off. Returns a stop function
 * that waits for a run in progress and closes the transport.
 */
export function startEmailDispatcher(
  db: Db,
  transport: MailTransport,
  clock: () => Date,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const stop = runEvery(
    () =>
      dispatchDueEmails(db, transport, clock())
        .then((r) => {
          // Counts only: an address, a code or a link never reaches a log line.
          if (r.retrying > 0 || r.failed > 0) log.warn(r, 'e-mail dispatch: some messages were not sent');
        })
        .catch((err: unknown) => log.error({ err }, 'e-mail dispatch failed')),
    intervalMs,
  );
  return async () => {
    await stop();
    transport.close();
  };
}
