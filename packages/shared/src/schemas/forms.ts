import { z } from 'zod';
import { MIN_DEPOSIT_CENTS, PASSWORD_MIN_LENGTH } from '../constants.js';
import { depositMessages, messages, moneyMessages, withdrawalMessages } from '../messages.js';
import { amountProblemMessages, parseDollars } from '../money-input.js';
import type { Plan } from './catalogue.js';
import { EMAIL_PATTERN } from './fields.js';

// The web app's form schemas: what a person types (dollars as text, a confirmation field), checked
// with the specification's messages before the request body (the API schemas) is built from it.

/** The forgot-password form: an e-mail that looks like one. */
export const forgotPasswordFormSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, { error: messages.invalidEmail }),
});
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;

/** The reset-password form: at least 8 characters, and the confirmation must match. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: messages.passwordsDoNotMatch,
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** An amount typed in dollars: its problem, with `emptyMessage` when nothing was typed. */
function dollarsField(emptyMessage: string) {
  return z.string().superRefine((value, ctx) => {
    const parsed = parseDollars(value);
    if (parsed.ok) return;
    ctx.addIssue({
      code: 'custom',
      message: parsed.problem === 'empty' ? emptyMessage : amountProblemMessages[parsed.problem],
    });
  });
}

/** The transfer form: the recipient's e-mail and the amount, each problem under its field. */
export const transferFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: moneyMessages.emailRequired })
    .regex(EMAIL_PATTERN, { error: messages.invalidEmail }),
  amount: dollarsField(moneyMessages.amountRequired),
});
export type TransferForm = z.input<typeof transferFormSchema>;

/** The invest form's values: the chosen plan's id ('' for none) and the amount as typed. */
export interface InvestForm {
  planId: string;
  amount: string;
}

/** The first problem with an investment choice, in the order the specification lists them; null when fine. */
export function investProblem(
  plan: Pick<Plan, 'id' | 'minCents' | 'maxCents'> | undefined,
  amount: string,
  investedPlanIds: ReadonlySet<string>,
): { field: keyof InvestForm; message: string } | null {
  if (!plan) return { field: 'planId', message: moneyMessages.selectPlan };
  const parsed = parseDollars(amount);
  if (!parsed.ok) {
    const message = parsed.problem === 'empty' ? moneyMessages.enterAmount : amountProblemMessages[parsed.problem];
    return { field: 'amount', message };
  }
  if (parsed.cents < plan.minCents) return { field: 'amount', message: moneyMessages.belowPlanMin };
  if (parsed.cents > plan.maxCents) return { field: 'amount', message: moneyMessages.abovePlanMax };
  if (investedPlanIds.has(plan.id)) return { field: 'amount', message: moneyMessages.alreadyInvested };
  return null;
}

/** The invest form against the plans on offer and the plans already invested in (display checks; the server decides). */
export function investFormSchema(plans: readonly Plan[], investedPlanIds: ReadonlySet<string>) {
  return z.object({ planId: z.string(), amount: z.string() }).superRefine((v, ctx) => {
    const problem = investProblem(
      plans.find((plan) => plan.id === v.planId),
      v.amount,
      investedPlanIds,
    );
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

/**
 * The deposit form (and the withdrawal form, whose rules are the same): an amount and a method are
 * both required ('Please fill all fields'), and the amount may not be below 100; exactly 100 passes,
 * although the specification's wording says 'greater than'.
 */
export const depositFormSchema = (minCents: number = MIN_DEPOSIT_CENTS) =>
  z.object({ amount: z.string(), methodId: z.string() }).superRefine((v, ctx) => {
    if (v.amount.trim() === '' || v.methodId === '') {
      ctx.addIssue({
        code: 'custom',
        path: [v.amount.trim() === '' ? 'amount' : 'methodId'],
        message: depositMessages.fillAllFields,
      });
      return;
    }
    const parsed = parseDollars(v.amount);
    if (!parsed.ok) {
      const message =
        parsed.problem === 'zero'
          ? depositMessages.amountBelowMinimum(minCents)
          : amountProblemMessages[parsed.problem === 'empty' ? 'invalid' : parsed.problem];
      ctx.addIssue({ code: 'custom', path: ['amount'], message });
      return;
    }
    if (parsed.cents < minCents) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: depositMessages.amountBelowMinimum(minCents) });
    }
  });
export type DepositForm = z.input<ReturnType<typeof depositFormSchema>>;

const filled = (message: string) => z.string().trim().min(1, { error: message });

/** Profile, Withdrawal Information, Bank Transfer: all five fields (spec section 5). */
export const payoutBankFormSchema = z.object({
  bankName: filled(withdrawalMessages.bankNameRequired),
  accountNumber: filled(withdrawalMessages.accountNumberRequired),
  accountName: filled(withdrawalMessages.accountNameRequired),
  routingNumber: filled(withdrawalMessages.routingNumberRequired),
  swiftCode: filled(withdrawalMessages.swiftCodeRequired),
});
export type PayoutBankForm = z.input<typeof payoutBankFormSchema>;

/** Profile, Withdrawal Information, Crypto: all three addresses (spec section 5). */
export const payoutCryptoFormSchema = z.object({
  bitcoin: filled(withdrawalMessages.bitcoinRequired),
  ethereum: filled(withdrawalMessages.ethereumRequired),
  litecoin: filled(withdrawalMessages.litecoinRequired),
});
export type PayoutCryptoForm = z.input<typeof payoutCryptoFormSchema>;
