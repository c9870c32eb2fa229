import type { Db } from '../../db/client.js';
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
export async function runAdminCommand(db: Db, args: string[], now: Date = new Date()): Promise<string> {
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
      return `accrued ${await runAccrual(db, now)} investment(s)`;
    }
    default:
      throw new UsageError(ADMIN_USAGE);
  }
}
