import { type AdminPlan, adminMessages, type PlanBody } from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { publishToAdmins, publishToEveryone } from '../../core/realtime/publish.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../ledger/money-transaction.js';
import { AppError } from '../../lib/app-error.js';
import { toAdminPlanDto } from './catalogue.dto.js';
import { lockCatalogue } from './catalogue.queries.js';
import {
  deletePlanRow,
  insertPlan,
  lockPlan,
  type PlanRow,
  planEverInvested,
  planIdsLike,
  planNameTaken,
  plansWithCounts,
  planWithCounts,
  updatePlan,
} from './plans.queries.js';
import { slugOf, uniqueSlug } from './slug.js';

/*
 * The operator's plans. Every change is audited in its transaction, with the terms before and after,
 * and tells every open /plans page to refetch ('catalogue'). Investments copy a plan's terms when
 * they are made (investments.profit_bps, duration_days, plan_name), so editing a plan never changes
 * an investment already made; deactivating one stops new investments and leaves running ones alone.
 */

const TERMS = ['name', 'minCents', 'maxCents', 'durationDays', 'profitBps', 'minRoiBps', 'maxRoiBps'] as const;

const notFound = () => new AppError('PLAN_NOT_FOUND', adminMessages.plans.planNotFound);
const nameTaken = () => new AppError('PLAN_NAME_TAKEN', adminMessages.plans.nameTaken);

function termsOf(p: PlanRow | PlanBody): Record<string, unknown> {
  return Object.fromEntries(TERMS.map((k) => [k, p[k]]));
}

/** Runs one change of the plans, the operator's edits of the list taking turns. */
async function planChange<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockCatalogue(tx, 'plans');
      return change(tx);
    });
  } catch (err) {
    // The names are checked under the lock; the unique index is the backstop for exact copies.
    if (isUniqueViolation(err, 'plans_name_unique')) throw nameTaken();
    throw err;
  }
}

/** Open /plans pages refetch the offer, and other operators' consoles their list. */
async function announce(tx: Db): Promise<void> {
  await publishToEveryone(tx, ['catalogue']);
  await publishToAdmins(tx);
}

async function planDto(tx: Db, id: string): Promise<AdminPlan> {
  const row = await planWithCounts(tx, id);
  if (!row) throw notFound();
  return toAdminPlanDto(row);
}

export async function listAdminPlans(db: Db): Promise<AdminPlan[]> {
  return (await plansWithCounts(db)).map(toAdminPlanDto);
}

/** A new plan, offered at once; its id is a slug of its name ('Gold Plus' -> 'gold-plus'), unique. */
export function createPlan(db: Db, body: PlanBody, actor: string): Promise<AdminPlan> {
  return planChange(db, async (tx) => {
    if (await planNameTaken(tx, body.name, null)) throw nameTaken();
    const base = slugOf(body.name, 'plan');
    const id = uniqueSlug(base, await planIdsLike(tx, base));
    await insertPlan(tx, id, body);
    await recordAudit(tx, { actor, action: 'plan.create', details: { planId: id, after: termsOf(body) } });
    await announce(tx);
    return planDto(tx, id);
  });
}

/** New terms for the next investments; the plan keeps its id, and existing investments their terms. */
export function editPlan(db: Db, id: string, body: PlanBody, actor: string): Promise<AdminPlan> {
  return planChange(db, async (tx) => {
    const plan = await lockPlan(tx, id);
    if (!plan) throw notFound();
    if (await planNameTaken(tx, body.name, id)) throw nameTaken();
    const changed = TERMS.filter((k) => plan[k] !== body[k]);
    if (changed.length > 0) {
      await updatePlan(tx, id, body);
      await recordAudit(tx, {
        actor,
        action: 'plan.update',
        details: {
          planId: id,
          before: Object.fromEntries(changed.map((k) => [k, plan[k]])),
          after: Object.fromEntries(changed.map((k) => [k, body[k]])),
        },
      });
      await announce(tx);
    }
    return planDto(tx, id);
  });
}

/** Offers the plan again, or stops offering it (running investments go on); the same state again is a no-op. */
export function setPlanActive(db: Db, id: string, active: boolean, actor: string): Promise<AdminPlan> {
  return planChange(db, async (tx) => {
    const plan = await lockPlan(tx, id);
    if (!plan) throw notFound();
    if (plan.active !== active) {
      await updatePlan(tx, id, { active });
      await recordAudit(tx, {
        actor,
        action: active ? 'plan.activate' : 'plan.deactivate',
        details: { planId: id, before: { active: plan.active }, after: { active } },
      });
      await announce(tx);
    }
    return planDto(tx, id);
  });
}

/**
 * Deletes a plan that never had an investment; one that had any is refused (deactivate it instead).
 * An investment in the plan holds a share lock on its row, so one being made right now is waited for
 * and then counted.
 */
export function deletePlan(db: Db, id: string, actor: string): Promise<void> {
  return planChange(db, async (tx) => {
    const plan = await lockPlan(tx, id);
    if (!plan) throw notFound();
    if (await planEverInvested(tx, id)) throw new AppError('PLAN_IN_USE', adminMessages.plans.inUse);
    await deletePlanRow(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'plan.delete',
      details: { planId: id, before: { ...termsOf(plan), active: plan.active } },
    });
    await announce(tx);
  });
}
