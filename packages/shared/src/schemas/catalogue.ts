import { z } from 'zod';

/** An investment plan. Amounts in cents, percentages in basis points (DESIGN.md section 1). */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  minCents: z.number().int(),
  maxCents: z.number().int(),
  durationDays: z.number().int(),
  profitBps: z.number().int(),
  minRoiBps: z.number().int(),
  maxRoiBps: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

export const depositMethodSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['bank', 'crypto', 'paypal']),
  details: z.record(z.string(), z.string()),
});
export type DepositMethod = z.infer<typeof depositMethodSchema>;

/** 'Day' for 1, 'Days' otherwise (spec section 9). */
export function durationLabel(days: number): string {
  return `${days} ${days === 1 ? 'Day' : 'Days'}`;
}
