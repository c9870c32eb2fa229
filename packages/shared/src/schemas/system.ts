import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/**
 * What the web app needs to know before sign-in: where to send people for help, and the withdrawal
 * security deposit the caution dialog announces (basis points; 0 hides the notice).
 */
export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  supportChatUrl: z.string(),
  securityDepositBps: z.number().int().min(0),
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
