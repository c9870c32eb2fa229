/** Business constants of spec section 9, in the units the code uses (cents, basis points, ms). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password we hash; protects scrypt from megabyte inputs. */
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_LENGTH = 10;
export const COUNTRY_SEARCH_LIMIT = 5;

/** Upper bounds for free-text fields, so a 10 kB name is refused rather than stored. */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 32;
export const COUNTRY_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 500;
export const REFERRAL_ID_MAX_LENGTH = 120;

export const REFERRAL_BONUS_CENTS = 5_000;
export const MIN_DEPOSIT_CENTS = 10_000;
export const MIN_WITHDRAWAL_CENTS = 10_000;
/** Transfer fee in basis points: 200 = 2%. */
export const TRANSFER_FEE_BPS = 200;
export const SECURITY_DEPOSIT_BPS_DEFAULT = 1_000;
export const QUICK_INVEST_AMOUNTS_CENTS = [10_000, 50_000, 100_000, 500_000, 1_000_000, 2_000_000] as const;
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const DEPOSIT_METHODS_LIMIT = 100;

export const COPIED_INDICATOR_MS = 2_000;
/** How long a password-reset link works (it works once). */
export const RESET_LINK_VALID_MINUTES = 30;
/** How long an e-mail verification link works (once). */
export const VERIFICATION_LINK_VALID_HOURS = 24;
/** How recent a proof of identity must be for what changes where money goes (step-up). */
export const STEP_UP_WINDOW_MINUTES = 5;
/** How many sign-ins and failed attempts Password & Security lists. */
export const SIGN_IN_HISTORY_LIMIT = 50;
/** How long the "this was not me" link of a new-sign-in alert works (it works once). */
export const SIGN_IN_ALERT_LINK_VALID_HOURS = 72;

export const TOAST = {
  durationMs: 4_000,
  visibleToasts: 3,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
  removeDelayMs: 200,
} as const;

export const REALTIME = {
  heartbeatMs: 20_000,
  /** Reconnect delay by attempts so far: 1 s below 5, 5 s below 15, 10 s below 100, then 60 s. */
  reconnectDelayMs(attempt: number): number {
    if (attempt < 5) return 1_000;
    if (attempt < 15) return 5_000;
    if (attempt < 100) return 10_000;
    return 60_000;
  },
  policyViolationCode: 1008,
} as const;

export const QUERY_CACHE = {
  gcTimeMs: 5 * 60_000,
  retries: 3,
  maxRetryDelayMs: 30_000,
} as const;

export const STORAGE_KEYS = {
  theme: 'theme',
  authStorage: 'auth-storage',
  globalStore: 'global-store',
} as const;

/**
 * Sent by the web app on a request made while nobody is using the page (no key press, click or touch
 * for UNATTENDED_AFTER_MS, or the tab hidden) — a live update's or a timer's refetch. It is answered
 * as any other, but it is not console activity: an unattended console with live updates still signs
 * its operator out after the idle setting (core/auth/console-activity.ts).
 */
export const UNATTENDED_HEADER = 'x-meridian-unattended';
export const UNATTENDED_AFTER_MS = 60_000;
