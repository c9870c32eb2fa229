import {
  type Deposit,
  type DepositSettlement,
  formatCents,
  parseSignedDollars,
  type Withdrawal,
  type WithdrawalSettlement,
} from '@meridian/shared';
import { removeSecondFactor } from '../../core/auth/second-factor.js';
import { setAccountActive } from '../../core/users/activation.service.js';
import type { Db } from '../../db/client.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import { adjustBalance } from './adjust.service.js';

export const ADMIN_USAGE = `Usage:
  npm run admin -- activate <email>
  npm run admin -- deactivate <email>
  npm run admin -- reset-2fa <email>       (removes a lost second factor: sign in by password, set up a new one)
  npm run admin -- adjust <email> <dollars> "<reason>"   (1000.00 credits, -5.00 debits)
  npm run admin -- accrue                  (or: npm run accrue)
  npm run admin -- deposits                (pending deposits, oldest first)
  npm run admin -- approve-deposit <id>
  npm run admin -- reject-deposit <id> "<reason>"
  npm run admin -- withdrawals             (pending withdrawals, oldest first)
  npm run admin -- approve-withdrawal <id>
  npm run admin -- reject-withdrawal <id> "<reason>"
  npm run admin -- clock advance <days>    (only on a server started with TEST_CLOCK=true)
  npm run admin -- backup <file>           (a consistent copy of the whole database)
  npm run admin -- restore <file>          (only with every server stopped)`;

export const RESTORE_NEEDS_STOPPED_SERVER =
  'A server is running on this database: stop it before restoring (a backup can be taken while it runs)';

export const TEST_CLOCK_OFF = 'The test clock is off: start the server with TEST_CLOCK=true to use "clock advance"';

/** A command line that is not a command: the CLI prints the message (the usage text) and exits 2. */
export class UsageError extends Error {}

/** Throws a UsageError unless `args` is one of the commands, well formed; needs no database. */
export function checkUsage(args: readonly string[]): void {
  const [command, ...rest] = args;
  const ok =
    ((command === 'activate' || command === 'deactivate') && rest.length === 1 && rest[0] !== '') ||
    (command === 'reset-2fa' && rest.length === 1 && !!rest[0]?.trim()) ||
    (command === 'adjust' && rest.length === 3 && !!rest[0] && parseSignedDollars(rest[1] ?? '') !== null) ||
    (command === 'accrue' && rest.length === 0) ||
    (command === 'deposits' && rest.length === 0) ||
    (command === 'approve-deposit' && rest.length === 1 && !!rest[0]) ||
    (command === 'reject-deposit' && rest.length === 2 && !!rest[0] && !!rest[1]?.trim()) ||
    (command === 'withdrawals' && rest.length === 0) ||
    (command === 'approve-withdrawal' && rest.length === 1 && !!rest[0]) ||
    (command === 'reject-withdrawal' && rest.length === 2 && !!rest[0] && !!rest[1]?.trim()) ||
    (command === 'clock' && rest.length === 2 && rest[0] === 'advance' && /^\d+$/.test(rest[1] ?? '')) ||
    ((command === 'backup' || command === 'restore') && rest.length === 1 && !!rest[0]?.trim());
  if (!ok) throw new UsageError(ADMIN_USAGE);
}

function needWithdrawals(ops: OperatorOperations): WithdrawalOperations {
  if (!ops.withdrawals) throw new Error('withdrawals: no withdrawal operations were handed to the operator commands');
  return ops.withdrawals;
}

function needDeposits(ops: OperatorOperations): DepositOperations {
  if (!ops.deposits) throw new Error('deposits: no deposit operations were handed to the operator commands');
  return ops.deposits;
}

/** Runs the profit accrual job at `now`; returns how many investments it touched. */
export type Accrue = (db: Db, now: Date) => Promise<number>;

/**
 * A queue's settlement as the commands use it, the console's own (core/money-requests): the deposits
 * and withdrawals features build one each.
 */
export interface QueueOperations<Request, Settlement> {
  listPending(db: Db): Promise<Request[]>;
  approve(db: Db, id: string, actor: string, now: Date): Promise<Settlement>;
  reject(db: Db, id: string, reason: string, actor: string, now: Date): Promise<Settlement>;
}
export type DepositOperations = QueueOperations<Deposit, DepositSettlement>;
export type WithdrawalOperations = QueueOperations<Withdrawal, WithdrawalSettlement>;

/**
 * What other features lend the operator commands, handed in by whoever composes the app (app.ts,
 * cli/admin.ts): this feature imports none of them.
 */
export interface OperatorOperations {
  /** Links in the e-mails the commands send ('account activated'); without it none is sent. */
  publicUrl?: string;
  accrue?: Accrue;
  deposits?: DepositOperations;
  withdrawals?: WithdrawalOperations;
  /** Writes a consistent backup of the database this process holds (db/client.ts Database.backup). */
  backup?: (file: string) => Promise<number>;
}

/**
 * The operator commands, shared by the CLI (own database) and the running server (handed over).
 * `accrue` is handed in by whoever composes the app (app.ts, cli/admin.ts): the accrual belongs to
 * the investments feature, which this one does not import.
 */
export async function runAdminCommand(
  db: Db,
  args: string[],
  clock: Clock = systemClock,
  ops: OperatorOperations = {},
): Promise<string> {
  checkUsage(args);
  const [command, first = '', second = '', third = ''] = args;
  switch (command) {
    case 'activate':
    case 'deactivate': {
      const user = await setAccountActive(db, first, command === 'activate', 'cli', ops.publicUrl);
      return `${user.email} is now ${user.isActive ? 'active' : 'inactive'}`;
    }
    case 'reset-2fa': {
      const user = await removeSecondFactor(db, first, 'cli');
      return `${user.email} has no second factor now: they sign in with their password and set up a new one`;
    }
    case 'adjust': {
      // Dollars, read by the parser the console's adjust dialog uses; checkUsage refused anything else.
      const amountCents = parseSignedDollars(second) ?? 0;
      const done = await adjustBalance(db, { email: first, amountCents, reason: third, actor: 'cli' });
      if (done.awaitingSecondApproval) {
        return `${done.email}: adjustment of ${formatCents(done.balanceDeltaCents)} awaits a second operator's approval in the console`;
      }
      return `${done.email} adjusted by ${formatCents(done.balanceDeltaCents)}`;
    }
    case 'accrue':
      if (!ops.accrue) throw new Error('accrue: no accrual job was handed to the operator commands');
      return `accrued ${await ops.accrue(db, clock.now())} investment(s)`;
    case 'deposits': {
      const pending = await needDeposits(ops).listPending(db);
      if (pending.length === 0) return 'No pending deposits';
      return pending
        .map((d) => `${d.id}  ${d.createdAt}  ${formatCents(d.amountCents)}  ${d.methodLabel}  user ${d.userId}`)
        .join('\n');
    }
    case 'approve-deposit': {
      const out = await needDeposits(ops).approve(db, first, 'cli', clock.now());
      return out.changed ? `deposit ${first} approved` : `deposit ${first} was already approved`;
    }
    case 'withdrawals': {
      const pending = await needWithdrawals(ops).listPending(db);
      if (pending.length === 0) return 'No pending withdrawals';
      return pending
        .map((w) => `${w.id}  ${w.createdAt}  ${formatCents(w.amountCents)}  ${w.method}  user ${w.userId}`)
        .join('\n');
    }
    case 'approve-withdrawal': {
      const out = await needWithdrawals(ops).approve(db, first, 'cli', clock.now());
      // Four eyes: a large one waits for a second operator (the console, or another actor).
      if (out.awaitingSecondApproval) return `withdrawal ${first} approved first: a second operator must approve it`;
      return out.changed ? `withdrawal ${first} paid out` : `withdrawal ${first} was already paid out`;
    }
    case 'reject-withdrawal': {
      const out = await needWithdrawals(ops).reject(db, first, second.trim(), 'cli', clock.now());
      return out.changed ? `withdrawal ${first} rejected` : `withdrawal ${first} was already rejected`;
    }
    case 'reject-deposit': {
      const out = await needDeposits(ops).reject(db, first, second.trim(), 'cli', clock.now());
      return out.changed ? `deposit ${first} rejected` : `deposit ${first} was already rejected`;
    }
    case 'backup': {
      if (!ops.backup) throw new Error('backup: no database was handed to the operator commands');
      const bytes = await ops.backup(first);
      return `backup written to ${first} (${bytes} bytes)`;
    }
    case 'restore':
      // A restore replaces the database under whoever holds it: the CLI does it itself, server stopped.
      throw new Error(RESTORE_NEEDS_STOPPED_SERVER);
    default: {
      // checkUsage let only `clock advance <days>` through to here.
      if (!clock.advanceDays) throw new UsageError(TEST_CLOCK_OFF);
      clock.advanceDays(Number(second));
      return `clock is now ${clock.now().toISOString()}`;
    }
  }
}
