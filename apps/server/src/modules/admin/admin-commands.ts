import { setAccountActive } from '../../core/users/activation.service.js';
import type { Db } from '../../db/client.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import { adjustBalance } from './adjust.service.js';

export const ADMIN_USAGE = `Usage:
  npm run admin -- activate <email>
  npm run admin -- deactivate <email>
  npm run admin -- adjust <email> <amountCents> "<reason>"
  npm run admin -- accrue                  (or: npm run accrue)
  npm run admin -- clock advance <days>    (only on a server started with TEST_CLOCK=true)`;

export const TEST_CLOCK_OFF = 'The test clock is off: start the server with TEST_CLOCK=true to use "clock advance"';

/** A command line that is not a command: the CLI prints the message (the usage text) and exits 2. */
export class UsageError extends Error {}

/** Throws a UsageError unless `args` is one of the commands, well formed; needs no database. */
export function checkUsage(args: readonly string[]): void {
  const [command, ...rest] = args;
  const ok =
    ((command === 'activate' || command === 'deactivate') && rest.length === 1 && rest[0] !== '') ||
    (command === 'adjust' && rest.length === 3 && !!rest[0] && /^-?\d+$/.test(rest[1] ?? '')) ||
    (command === 'accrue' && rest.length === 0) ||
    (command === 'clock' && rest.length === 2 && rest[0] === 'advance' && /^\d+$/.test(rest[1] ?? ''));
  if (!ok) throw new UsageError(ADMIN_USAGE);
}

/** Runs the profit accrual job at `now`; returns how many investments it touched. */
export type Accrue = (db: Db, now: Date) => Promise<number>;

/**
 * The operator commands, shared by the CLI (own database) and the running server (handed over).
 * `accrue` is handed in by whoever composes the app (app.ts, cli/admin.ts): the accrual belongs to
 * the investments feature, which this one does not import.
 */
export async function runAdminCommand(
  db: Db,
  args: string[],
  clock: Clock = systemClock,
  accrue?: Accrue,
): Promise<string> {
  checkUsage(args);
  const [command, first = '', second = '', third = ''] = args;
  switch (command) {
    case 'activate':
    case 'deactivate': {
      const user = await setAccountActive(db, first, command === 'activate', 'cli');
      return `${user.email} is now ${user.isActive ? 'active' : 'inactive'}`;
    }
    case 'adjust': {
      const done = await adjustBalance(db, { email: first, amountCents: Number(second), reason: third, actor: 'cli' });
      return `${done.email} adjusted by ${done.balanceDeltaCents} cents`;
    }
    case 'accrue':
      if (!accrue) throw new Error('accrue: no accrual job was handed to the operator commands');
      return `accrued ${await accrue(db, clock.now())} investment(s)`;
    default: {
      // checkUsage let only `clock advance <days>` through to here.
      if (!clock.advanceDays) throw new UsageError(TEST_CLOCK_OFF);
      clock.advanceDays(Number(second));
      return `clock is now ${clock.now().toISOString()}`;
    }
  }
}
