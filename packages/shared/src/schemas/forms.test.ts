import { describe, expect, it } from 'vitest';
import { depositMessages, messages, moneyMessages } from '../messages.js';
import type { Plan } from './catalogue.js';
import {
  depositFormSchema,
  investFormSchema,
  investProblem,
  resetPasswordFormSchema,
  transferFormSchema,
} from './forms.js';

const plan = { id: 'p1', name: 'Starter', minCents: 10_000, maxCents: 100_000 } as Plan;
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('investProblem', () => {
  it('reports in the specification order: plan, amount, min, max, already invested', () => {
    const none = new Set<string>();
    expect(investProblem(undefined, '', none)?.message).toBe(moneyMessages.selectPlan);
    expect(investProblem(plan, '', none)).toEqual({ field: 'amount', message: moneyMessages.enterAmount });
    expect(investProblem(plan, '99.99', none)?.message).toBe(moneyMessages.belowPlanMin);
    expect(investProblem(plan, '1000.01', none)?.message).toBe(moneyMessages.abovePlanMax);
    expect(investProblem(plan, '100', new Set(['p1']))?.message).toBe(moneyMessages.alreadyInvested);
    expect(investProblem(plan, '100', none)).toBeNull();
  });
  it('is the one problem the invest form schema reports', () => {
    const schema = investFormSchema([plan], new Set());
    expect(issues(schema.safeParse({ planId: '', amount: '' }))).toEqual([['planId', moneyMessages.selectPlan]]);
    expect(schema.safeParse({ planId: 'p1', amount: '500' }).success).toBe(true);
  });
});

describe('form schemas', () => {
  it('reset password: too short first, then a confirmation that does not match', () => {
    expect(issues(resetPasswordFormSchema.safeParse({ newPassword: 'short', confirmPassword: 'short' }))).toEqual([
      ['newPassword', messages.passwordTooShort],
    ]);
    expect(issues(resetPasswordFormSchema.safeParse({ newPassword: 'long enough', confirmPassword: 'other' }))).toEqual(
      [['confirmPassword', messages.passwordsDoNotMatch]],
    );
  });
  it('transfer: email and amount required, each under its field', () => {
    const found = issues(transferFormSchema.safeParse({ email: ' ', amount: '' }));
    expect(found[0]).toEqual(['email', moneyMessages.emailRequired]);
    expect(found).toContainEqual(['amount', moneyMessages.amountRequired]);
  });
});

describe('depositFormSchema', () => {
  const problem = (amount: string, methodId = 'paypal', minCents?: number) => {
    const r = depositFormSchema(minCents).safeParse({ amount, methodId });
    return r.success ? null : r.error.issues[0]?.message;
  };
  it('needs both an amount and a method', () => {
    expect(problem('')).toBe(depositMessages.fillAllFields);
    expect(problem('500', '')).toBe(depositMessages.fillAllFields);
  });
  it('refuses below 100 and lets exactly 100 through', () => {
    expect(problem('99.99')).toBe('Amount must be greater than 100');
    expect(problem('0')).toBe('Amount must be greater than 100');
    expect(problem('100')).toBeNull();
    expect(problem('$1,000.50')).toBeNull();
  });
  it("uses the operator's minimum when it is not the specification's", () => {
    expect(problem('249.99', 'paypal', 25_000)).toBe('Amount must be greater than 250');
    expect(problem('250', 'paypal', 25_000)).toBeNull();
    expect(depositMessages.amountBelowMinimum(12_550)).toBe('Amount must be greater than 125.50');
  });
  it('says what is wrong with an amount that is not one', () => {
    expect(problem('12abc')).toBe(moneyMessages.enterValidAmount);
    expect(problem('150.123')).toBe(moneyMessages.tooManyDecimals);
  });
});
