import type { Db } from '../../db/client.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import { runAccrual } from '../investments/accrual.service.js';
import { setAccountActive } from './activation.service.js';
import { adjustBalance } from './adjust.service.js';

export const ADMIN_USAGE = `Usage:
  npm run admin -- activate <email>
  npm run admin -- deactivate <email>
  npm run admin -- adjust <email> <amountCents> "<reason>"
  npm run accrue`;

export class UsageError extends Error {}

/** The operator commands, shared by the CLI (own database) and the running server (handed over). */
export async function runAdminCommand(db: Db, args: string[], clock: Clock = systemClock): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'activate':
    case 'deactivate': {
      const [email] = rest;
      if (!email || rest.length !== 1) throw new UsageError(ADMIN_USAGE);
      const user = await setAccountActive(db, email, command === 'activate', 'cli');
      return `${user.email} is now ${user.isActive ? 'active' : 'inactive'}`;
    }
    case 'adjust': {
      const [email, amount, reason] = rest;
      if (!email || !amount || reason === undefined || rest.length !== 3 || !/^-?\d+$/.test(amount)) {
        throw new UsageError(ADMIN_USAGE);
      }
      const done = await adjustBalance(db, { email, amountCents: Number(amount), reason, actor: 'cli' });
      return `${done.email} adjusted by ${done.balanceDeltaCents} cents`;
    }
    case 'accrue': {
      if (rest.length !== 0) throw new UsageError(ADMIN_USAGE);
      return `accrued ${await runAccrual(db, clock.now())} investment(s)`;
    }
    case 'clock': {
      const [verb, days] = rest;
      if (verb !== 'advance' || !days || !/^\d+$/.test(days) || rest.length !== 2) throw new UsageError(ADMIN_USAGE);
      if (!clock.advanceDays) throw new UsageError('The test clock is off: start the server with TEST_CLOCK=true');
      clock.advanceDays(Number(days));
      return `clock is now ${clock.now().toISOString()}`;
    }
    default:
      throw new UsageError(ADMIN_USAGE);
  }
}
