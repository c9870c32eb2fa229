import { DEPOSIT_METHODS_LIMIT } from '@meridian/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depositMethods, plans } from '../../db/schema/index.js';

/** Every plan, cheapest first, in the shape the API answers. */
export function listPlans(db: Db) {
  return db
    .select({
      id: plans.id,
      name: plans.name,
      minCents: plans.minCents,
      maxCents: plans.maxCents,
      durationDays: plans.durationDays,
      profitBps: plans.profitBps,
      minRoiBps: plans.minRoiBps,
      maxRoiBps: plans.maxRoiBps,
    })
    .from(plans)
    .orderBy(asc(plans.minCents));
}

/** The active deposit methods in the operator's order, at most DEPOSIT_METHODS_LIMIT. */
export function listDepositMethods(db: Db) {
  return db
    .select({
      id: depositMethods.id,
      label: depositMethods.label,
      type: depositMethods.type,
      details: depositMethods.details,
    })
    .from(depositMethods)
    .where(eq(depositMethods.active, true))
    .orderBy(asc(depositMethods.position), asc(depositMethods.createdAt), asc(depositMethods.id))
    .limit(DEPOSIT_METHODS_LIMIT);
}
