import { z } from 'zod';
import { adminMessages } from '../messages.js';
import { formatCents } from '../money.js';
import {
  amountProblemMessages,
  bpsToPercentInput,
  centsToDollarsInput,
  formatBps,
  parseDollars,
  parsePercent,
  parseWholeNumber,
} from '../money-input.js';
import { type AdminPlan, planBodySchema } from './admin.js';
import { type Settings, type SettingsBody, settingsBodySchema } from './settings.js';

// The console's forms: what an operator types in human units (dollars, percent, hours), read exactly
// into the request body's units (cents, basis points) and then checked by the body's own schema, so
// the bounds and their messages are the server's. Each form field is named after the body field it
// becomes, so a problem found at either stage, or by the server, lands under the same input.

/** Dollars as typed to cents; nothing typed (or $0 where zero is refused) reads `message`. */
function dollarsText(message: string, options: { allowZero?: boolean } = {}) {
  return z.string().transform((raw, ctx) => {
    const parsed = parseDollars(raw, options);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({
      code: 'custom',
      message:
        parsed.problem === 'empty' || parsed.problem === 'zero' ? message : amountProblemMessages[parsed.problem],
    });
    return z.NEVER;
  });
}

/** A percentage as typed to basis points; nothing typed, or far too much, reads `message`. */
function percentText(message: string) {
  return z.string().transform((raw, ctx) => {
    const parsed = parsePercent(raw);
    if (parsed.ok) return parsed.bps;
    const problem =
      parsed.problem === 'invalid'
        ? adminMessages.units.percentInvalid
        : parsed.problem === 'precision'
          ? adminMessages.units.percentPrecision
          : message;
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });
}

/** A whole number as typed (days, hours); anything else reads `message`, which states the bounds. */
function wholeText(message: string) {
  return z.string().transform((raw, ctx) => {
    const parsed = parseWholeNumber(raw);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

// ── Plans ────────────────────────────────────────────────────────────────────────────────────────

/** Create or edit a plan: amounts in dollars, profit and ROI in percent, duration in days. */
export const planFormSchema = z
  .object({
    name: z.string(),
    minCents: dollarsText(adminMessages.plans.amountInvalid),
    maxCents: dollarsText(adminMessages.plans.amountInvalid),
    profitBps: percentText(adminMessages.plans.profitInvalid),
    durationDays: wholeText(adminMessages.plans.durationInvalid),
    minRoiBps: percentText(adminMessages.plans.roiInvalid),
    maxRoiBps: percentText(adminMessages.plans.roiInvalid),
  })
  .pipe(planBodySchema);
export type PlanForm = z.input<typeof planFormSchema>;

/** The form's values for a plan (editing), or empty ones (a new plan). */
export function planFormValues(plan?: AdminPlan): PlanForm {
  if (!plan) {
    return { name: '', minCents: '', maxCents: '', profitBps: '', durationDays: '', minRoiBps: '', maxRoiBps: '' };
  }
  return {
    name: plan.name,
    minCents: centsToDollarsInput(plan.minCents),
    maxCents: centsToDollarsInput(plan.maxCents),
    profitBps: bpsToPercentInput(plan.profitBps),
    durationDays: String(plan.durationDays),
    minRoiBps: bpsToPercentInput(plan.minRoiBps),
    maxRoiBps: bpsToPercentInput(plan.maxRoiBps),
  };
}

// ── Settings ─────────────────────────────────────────────────────────────────────────────────────

export const AUTO_ACTIVATION_MODES = ['off', 'after'] as const;
export type AutoActivationMode = (typeof AUTO_ACTIVATION_MODES)[number];

/**
 * The settings form: fee and security deposit in percent, bonus and minimums in dollars (the bonus
 * may be $0), and auto-activation off or after a number of hours (the hours are read only when on).
 */
export const settingsFormSchema = z
  .object({
    transferFeeBps: percentText(adminMessages.settings.transferFeeInvalid),
    referralBonusCents: dollarsText(adminMessages.settings.referralBonusInvalid, { allowZero: true }),
    securityDepositBps: percentText(adminMessages.settings.securityDepositInvalid),
    minDepositCents: dollarsText(adminMessages.settings.minimumInvalid),
    minWithdrawalCents: dollarsText(adminMessages.settings.minimumInvalid),
    supportEmail: z.string(),
    supportChatUrl: z.string(),
    operatorEmail: z.string(),
    autoActivate: z.enum(AUTO_ACTIVATION_MODES),
    autoActivateAfterHours: z.string(),
    consoleIdleMinutes: z.string(),
    fourEyesThresholdCents: dollarsText(adminMessages.settings.fourEyesInvalid),
  })
  .transform(({ autoActivate, autoActivateAfterHours, consoleIdleMinutes, ...rest }, ctx): SettingsBody => {
    // Both typed numbers are read before either is refused, so the form marks every field at once.
    const minutes = parseWholeNumber(consoleIdleMinutes);
    const hours = autoActivate === 'off' ? null : parseWholeNumber(autoActivateAfterHours);
    if (!minutes.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['consoleIdleMinutes'],
        message: adminMessages.settings.consoleIdleInvalid,
      });
    }
    if (hours && !hours.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['autoActivateAfterHours'],
        message: adminMessages.settings.autoActivateInvalid,
      });
    }
    if (!minutes.ok || (hours && !hours.ok)) return z.NEVER;
    return { ...rest, consoleIdleMinutes: minutes.value, autoActivateAfterHours: hours ? hours.value : null };
  })
  .pipe(settingsBodySchema);
export type SettingsForm = z.input<typeof settingsFormSchema>;

/** The form's values for the settings as stored. */
export function settingsFormValues(settings: Settings): SettingsForm {
  return {
    transferFeeBps: bpsToPercentInput(settings.transferFeeBps),
    referralBonusCents: centsToDollarsInput(settings.referralBonusCents),
    securityDepositBps: bpsToPercentInput(settings.securityDepositBps),
    minDepositCents: centsToDollarsInput(settings.minDepositCents),
    minWithdrawalCents: centsToDollarsInput(settings.minWithdrawalCents),
    supportEmail: settings.supportEmail,
    supportChatUrl: settings.supportChatUrl,
    operatorEmail: settings.operatorEmail,
    autoActivate: settings.autoActivateAfterHours === null ? 'off' : 'after',
    autoActivateAfterHours: settings.autoActivateAfterHours === null ? '' : String(settings.autoActivateAfterHours),
    consoleIdleMinutes: String(settings.consoleIdleMinutes),
    fourEyesThresholdCents: centsToDollarsInput(settings.fourEyesThresholdCents),
  };
}

/** One setting the form would change: its label, and its value before and after, as shown. */
export interface SettingsChange {
  key: keyof Settings;
  label: string;
  from: string;
  to: string;
}

type SettingKind = 'bps' | 'cents' | 'minutes' | 'text';
const SETTING_KINDS: Record<Exclude<keyof Settings, 'autoActivateAfterHours'>, SettingKind> = {
  transferFeeBps: 'bps',
  referralBonusCents: 'cents',
  securityDepositBps: 'bps',
  minDepositCents: 'cents',
  minWithdrawalCents: 'cents',
  supportEmail: 'text',
  supportChatUrl: 'text',
  operatorEmail: 'text',
  consoleIdleMinutes: 'minutes',
  fourEyesThresholdCents: 'cents',
};

const hoursText = (hours: number | null) =>
  hours === null ? adminMessages.settings.off : adminMessages.settings.afterHours(hours);

/** A typed value as it would be saved ('2.50' -> '2.5%'), or marked as not readable yet. */
function typedText(kind: SettingKind, typed: string): string {
  const trimmed = typed.trim();
  if (kind === 'text') return trimmed;
  if (kind === 'minutes') {
    const minutes = parseWholeNumber(typed);
    return minutes.ok ? adminMessages.settings.minutes(minutes.value) : adminMessages.settings.notReadable(trimmed);
  }
  const parsed = kind === 'bps' ? parsePercent(typed) : parseDollars(typed, { allowZero: true });
  if (!parsed.ok) return adminMessages.settings.notReadable(trimmed);
  return 'bps' in parsed ? formatBps(parsed.bps) : formatCents(parsed.cents);
}

/**
 * What saving the form would change, setting by setting, compared as they would be stored (so '2.50'
 * against a stored 2% is a change to 2.5%, and '2.00' is none). A value that does not read yet is
 * listed as such; the save itself is checked by the schema.
 */
export function settingsChanges(saved: Settings, values: SettingsForm): SettingsChange[] {
  const changes: SettingsChange[] = [];
  for (const [key, kind] of Object.entries(SETTING_KINDS) as [keyof typeof SETTING_KINDS, SettingKind][]) {
    const stored = saved[key];
    const from =
      kind === 'bps'
        ? formatBps(Number(stored))
        : kind === 'cents'
          ? formatCents(Number(stored))
          : kind === 'minutes'
            ? adminMessages.settings.minutes(Number(stored))
            : String(stored);
    const to = typedText(kind, values[key]);
    if (from !== to) changes.push({ key, label: adminMessages.settings.labels[key], from, to });
  }
  const hours = parseWholeNumber(values.autoActivateAfterHours);
  const to =
    values.autoActivate === 'off'
      ? hoursText(null)
      : hours.ok
        ? hoursText(hours.value)
        : adminMessages.settings.notReadable(values.autoActivateAfterHours.trim());
  const from = hoursText(saved.autoActivateAfterHours);
  if (from !== to) {
    changes.push({
      key: 'autoActivateAfterHours',
      label: adminMessages.settings.labels.autoActivateAfterHours,
      from,
      to,
    });
  }
  return changes;
}
