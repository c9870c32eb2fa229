import type { AdminDepositMethod, AdminPlan } from '@meridian/shared';
import type { MethodRow } from './deposit-methods.queries.js';
import type { PlanWithCounts } from './plans.queries.js';

/** A plan as the console shows it: its terms, whether it is offered, and how many investments it has. */
export function toAdminPlanDto(r: PlanWithCounts): AdminPlan {
  const p = r.plan;
  return {
    id: p.id,
    name: p.name,
    minCents: p.minCents,
    maxCents: p.maxCents,
    durationDays: p.durationDays,
    profitBps: p.profitBps,
    minRoiBps: p.minRoiBps,
    maxRoiBps: p.maxRoiBps,
    active: p.active,
    activeInvestments: r.activeInvestments,
    totalInvestments: r.totalInvestments,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toAdminMethodDto(m: MethodRow): AdminDepositMethod {
  return {
    id: m.id,
    label: m.label,
    type: m.type,
    details: m.details,
    active: m.active,
    position: m.position,
    createdAt: m.createdAt.toISOString(),
  };
}
