import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/**
 * What the web app needs to know before sign-in: where to send people for help, the withdrawal
 * security deposit the caution dialog announces (basis points; 0 hides the notice), and the fee,
 * bonus and minimums as the operator set them.
 */
export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  supportChatUrl: z.string(),
  securityDepositBps: z.number().int().min(0),
  /** The operator's current settings the screens show and pre-check (the server checks them again). */
  transferFeeBps: z.number().int().min(0),
  referralBonusCents: z.number().int().min(0),
  minDepositCents: z.number().int().min(1),
  minWithdrawalCents: z.number().int().min(1),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The dashboard's figures, all from the books, in cents. */
export const walletSchema = z.object({
  balanceCents: z.number().int(),
  profitCents: z.number().int(),
  bonusCents: z.number().int(),
  referralBonusCents: z.number().int(),
  totalDepositCents: z.number().int(),
  totalWithdrawalCents: z.number().int(),
});
export type Wallet = z.infer<typeof walletSchema>;
