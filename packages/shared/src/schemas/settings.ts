import { z } from 'zod';
import {
  MIN_DEPOSIT_CENTS,
  MIN_WITHDRAWAL_CENTS,
  REFERRAL_BONUS_CENTS,
  SECURITY_DEPOSIT_BPS_DEFAULT,
  TRANSFER_FEE_BPS,
} from '../constants.js';
import { adminMessages, messages } from '../messages.js';
import { EMAIL_PATTERN, strictErrors, text } from './fields.js';
import { MAX_AMOUNT_CENTS } from './money.js';

/**
 * Withdrawals and balance adjustments of at least this many cents need a second operator's approval
 * (issue 25: four eyes on large money): $10,000 until an operator sets another.
 */
export const FOUR_EYES_THRESHOLD_CENTS_DEFAULT = 1_000_000;

/** The bounds an operator may set (DESIGN.md section 5: the business constants are settings). */
export const SETTINGS_BOUNDS = {
  /** A transfer fee above 50% is a typo, not a price. */
  transferFeeBpsMax: 5_000,
  securityDepositBpsMax: 10_000,
  /** $10,000 per referee at most. */
  referralBonusCentsMax: 1_000_000,
  /** A year. */
  autoActivateAfterHoursMax: 8_760,
  /** An operator's console session ends after this long without activity (issue 25). */
  consoleIdleMinutesMin: 5,
  consoleIdleMinutesMax: 480,
} as const;

/**
 * The platform's settings, stored in the database and read by every node at once. Amounts in cents,
 * percentages in basis points; `autoActivateAfterHours` null means an operator activates every account.
 */
export const settingsSchema = z.object({
  transferFeeBps: z.number().int(),
  referralBonusCents: z.number().int(),
  securityDepositBps: z.number().int(),
  minDepositCents: z.number().int(),
  minWithdrawalCents: z.number().int(),
  supportEmail: z.string(),
  supportChatUrl: z.string(),
  operatorEmail: z.string(),
  autoActivateAfterHours: z.number().int().nullable(),
  consoleIdleMinutes: z.number().int(),
  fourEyesThresholdCents: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The specification's constants (section 9): the settings of a platform no operator has edited. */
export const DEFAULT_SETTINGS: Settings = {
  transferFeeBps: TRANSFER_FEE_BPS,
  referralBonusCents: REFERRAL_BONUS_CENTS,
  securityDepositBps: SECURITY_DEPOSIT_BPS_DEFAULT,
  minDepositCents: MIN_DEPOSIT_CENTS,
  minWithdrawalCents: MIN_WITHDRAWAL_CENTS,
  supportEmail: 'support@meridian.local',
  supportChatUrl: 'https://t.me/meridian_support',
  operatorEmail: 'admin@meridian.local',
  autoActivateAfterHours: null,
  consoleIdleMinutes: 30,
  fourEyesThresholdCents: FOUR_EYES_THRESHOLD_CENTS_DEFAULT,
};

/** A whole number in [min, max]; anything else reads `message`. */
function wholeNumber(min: number, max: number, message: string) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

const emailField = (message: string) => text(254, message).trim().regex(EMAIL_PATTERN, { error: message });

/** PUT /api/admin/settings: every setting at once, each checked against its bounds. */
export const settingsBodySchema = z.strictObject(
  {
    transferFeeBps: wholeNumber(0, SETTINGS_BOUNDS.transferFeeBpsMax, adminMessages.settings.transferFeeInvalid),
    referralBonusCents: wholeNumber(
      0,
      SETTINGS_BOUNDS.referralBonusCentsMax,
      adminMessages.settings.referralBonusInvalid,
    ),
    securityDepositBps: wholeNumber(
      0,
      SETTINGS_BOUNDS.securityDepositBpsMax,
      adminMessages.settings.securityDepositInvalid,
    ),
    minDepositCents: wholeNumber(1, MAX_AMOUNT_CENTS, adminMessages.settings.minimumInvalid),
    minWithdrawalCents: wholeNumber(1, MAX_AMOUNT_CENTS, adminMessages.settings.minimumInvalid),
    supportEmail: emailField(messages.invalidEmail),
    supportChatUrl: text(500, adminMessages.settings.chatUrlInvalid)
      .trim()
      .refine(isWebAddress, { error: adminMessages.settings.chatUrlInvalid }),
    operatorEmail: emailField(messages.invalidEmail),
    autoActivateAfterHours: wholeNumber(
      1,
      SETTINGS_BOUNDS.autoActivateAfterHoursMax,
      adminMessages.settings.autoActivateInvalid,
    ).nullable(),
    /** Left out: kept as it is (clients written before the setting existed send none). */
    consoleIdleMinutes: wholeNumber(
      SETTINGS_BOUNDS.consoleIdleMinutesMin,
      SETTINGS_BOUNDS.consoleIdleMinutesMax,
      adminMessages.settings.consoleIdleInvalid,
    ).optional(),
    /** Left out: kept as it is, as the minutes above. */
    fourEyesThresholdCents: wholeNumber(1, MAX_AMOUNT_CENTS, adminMessages.settings.fourEyesInvalid).optional(),
  },
  strictErrors,
);
export type SettingsBody = z.infer<typeof settingsBodySchema>;

/** An absolute http(s) address: what a 'chat with us' link may open. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
