import { historyWording, type Investment, messages, moneyMessages, type Transaction } from '@meridian/shared';
import { toTransactionDto } from '../../core/history/history.queries.js';
import type { UserRow } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { bookIn, lockedBalances } from '../../ledger/index.js';
import { AppError } from '../../lib/app-error.js';
import type { RealtimeTopic } from '../../lib/realtime-payloads.js';
import { accrueInvestment } from './accrual.service.js';
import { returnCapital } from './capital.js';
import {
  archiveFinished,
  findActivePlan,
  hasActiveInvestment,
  insertInvestment,
  lockInvestment,
  toInvestmentDto,
  updateInvestment,
} from './investments.queries.js';

/** What an investment operation changes for its user. */
const CHANGED: RealtimeTopic[] = ['wallet', 'investments', 'transactions'];

/** balance -> invested, one active investment per plan, plan min/max enforced. */
export async function invest(
  tx: Db,
  user: UserRow,
  planId: string,
  amountCents: number,
  now: Date,
): Promise<Investment> {
  const plan = await findActivePlan(tx, planId);
  if (!plan) throw new AppError('PLAN_NOT_FOUND', moneyMessages.selectPlan);
  if (amountCents < plan.minCents) throw new AppError('BELOW_PLAN_MIN', moneyMessages.belowPlanMin);
  if (amountCents > plan.maxCents) throw new AppError('ABOVE_PLAN_MAX', moneyMessages.abovePlanMax);
  if (await hasActiveInvestment(tx, user.id, plan.id)) {
    throw new AppError('ALREADY_INVESTED', moneyMessages.alreadyInvested);
  }
  await bookIn(tx, {
    kind: 'invest',
    userId: user.id,
    postings: [
      { account: { userId: user.id, kind: 'balance' }, amountCents: -amountCents },
      { account: { userId: user.id, kind: 'invested' }, amountCents },
    ],
    history: [
      {
        userId: user.id,
        type: 'debit',
        mode: 'investment',
        method: plan.name,
        description: historyWording.investment(plan.name),
        amountCents,
        status: 'success',
        wallet: 'balance',
      },
    ],
    topics: { userIds: [user.id], topics: CHANGED },
    at: now,
  });
  const inv = await insertInvestment(tx, {
    userId: user.id,
    planId: plan.id,
    planName: plan.name,
    amountCents,
    profitBps: plan.profitBps,
    durationDays: plan.durationDays,
    startedAt: now,
  });
  return toInvestmentDto(inv);
}

/** All unclaimed profit -> balance in one journal; finished investments leave the list. */
export async function claimAllProfits(tx: Db, user: UserRow, now: Date): Promise<Transaction> {
  const profit = (await lockedBalances(tx, user.id, ['profit'])).profit ?? 0;
  if (profit <= 0) throw new AppError('NOTHING_TO_CLAIM', moneyMessages.noProfitToClaim);
  const { history } = await bookIn(tx, {
    kind: 'profit_claim',
    userId: user.id,
    postings: [
      { account: { userId: user.id, kind: 'profit' }, amountCents: -profit },
      { account: { userId: user.id, kind: 'balance' }, amountCents: profit },
    ],
    history: [
      {
        userId: user.id,
        type: 'credit',
        mode: 'profit',
        method: 'profit',
        description: historyWording.profitsClaimed,
        amountCents: profit,
        status: 'success',
        wallet: 'balance',
      },
    ],
    topics: { userIds: [user.id], topics: CHANGED },
    at: now,
  });
  await archiveFinished(tx, user.id);
  const claimed = history[0];
  if (!claimed) throw new AppError('INTERNAL', messages.unknownError);
  return toTransactionDto(claimed);
}

/** Accrues what is due, then returns the principal to balance and stops accrual. */
export async function endInvestment(tx: Db, user: UserRow, investmentId: string, now: Date): Promise<Investment> {
  const locked = await lockInvestment(tx, investmentId, user.id);
  if (!locked) throw new AppError('INVESTMENT_NOT_FOUND', moneyMessages.investmentNotFound);
  if (locked.status !== 'active') throw new AppError('INVESTMENT_NOT_ACTIVE', moneyMessages.investmentNotActive);
  const inv = await accrueInvestment(tx, locked, now);
  if (inv.status !== 'active') return toInvestmentDto(inv);
  await returnCapital(tx, inv, 'ended early', CHANGED, now);
  return toInvestmentDto(await updateInvestment(tx, inv.id, { status: 'ended', endedAt: now }));
}
