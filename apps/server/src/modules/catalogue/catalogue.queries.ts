import { DEPOSIT_METHODS_LIMIT } from '@meridian/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depositMethods, plans } from '../../db/schema/index.js';

/** The plans on offer (active ones), cheapest first, in the shape the API answers. */
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
    .where(eq(plans.active, true))
    .orderBy(asc(plans.minCents), asc(plans.id));
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

/** Transaction-level advisory locks, one per list an operator edits (any number < 2^63 would do). */
const LOCK_KEYS = { plans: 7_261_001, methods: 7_261_002 } as const;

/**
 * Makes the operator's edits of one list take turns until the transaction ends: a name checked free,
 * a slug drawn, a count under the limit or a full reordering stays true until it is written. Users'
 * reads and investments do not take it.
 */
export async function lockCatalogue(tx: Db, list: keyof typeof LOCK_KEYS): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEYS[list]})`);
}
