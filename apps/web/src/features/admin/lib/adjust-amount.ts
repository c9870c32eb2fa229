import { adminMessages, adminReasonField, formatCents, parseSignedDollars } from '@meridian/shared';
import { z } from 'zod';

const text = adminMessages.adjust;

/** The Adjust balance dialog's fields in the operator's units: a signed dollar amount, and the reason the books will keep. */
export const adjustFormSchema = z.object({
  amount: z.string().transform((raw, ctx) => {
    const cents = parseSignedDollars(raw);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: text.amountInvalid });
      return z.NEVER;
    }
    return cents;
  }),
  reason: adminReasonField,
});

/**
 * What the amount will do, as the operator types it ('Adds $25.00: the balance becomes $125.00'). A
 * debit the balance cannot cover is said to be refused, as the server will refuse it: never a
 * negative balance the books cannot have.
 */
export function adjustPreview(raw: string, balanceCents: number): { text: string; refused: boolean } {
  const cents = parseSignedDollars(raw);
  const balance = formatCents(balanceCents);
  if (cents === null) return { text: text.previewNow(balance), refused: false };
  const amount = formatCents(Math.abs(cents));
  if (balanceCents + cents < 0) return { text: text.previewRefused(amount, balance), refused: true };
  const after = formatCents(balanceCents + cents);
  return { text: cents > 0 ? text.previewAdds(amount, after) : text.previewTakes(amount, after), refused: false };
}
