import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { messages, twoFactorMessages } from '../messages.js';
import { strictErrors, text } from './fields.js';

/** A code from the authenticator app: 6 digits (spaces a user typed are taken out first). */
export const totpCodeSchema = text(64, twoFactorMessages.codeRequired)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: twoFactorMessages.codeRequired })
      .regex(/^\d{6}$/, { error: twoFactorMessages.codeFormat }),
  );

/** A recovery code as Better Auth makes them (`abcde-12345`); checked against the stored ones, so only its size is bounded. */
export const recoveryCodeSchema = text(64, twoFactorMessages.recoveryRequired)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, { error: twoFactorMessages.recoveryRequired }));

const password = text(PASSWORD_MAX_LENGTH, messages.invalidRequest).min(1, { error: messages.currentPasswordRequired });
const trustDevice = z.boolean({ error: messages.invalidRequest }).optional();

/** two-factor/enable and two-factor/generate-backup-codes: the password proves it is the owner. */
export const twoFactorPasswordBodySchema = z.strictObject({ password }, strictErrors);
export type TwoFactorPasswordBody = z.infer<typeof twoFactorPasswordBodySchema>;

/** two-factor/verify-totp: the enrolment's first code, or the sign-in's second step. */
export const verifyTotpBodySchema = z.strictObject({ code: totpCodeSchema, trustDevice }, strictErrors);
export type VerifyTotpBody = z.input<typeof verifyTotpBodySchema>;

/** two-factor/verify-backup-code: the sign-in's second step with a recovery code. */
export const verifyRecoveryCodeBodySchema = z.strictObject({ code: recoveryCodeSchema, trustDevice }, strictErrors);
export type VerifyRecoveryCodeBody = z.input<typeof verifyRecoveryCodeBodySchema>;

/** two-factor/disable: the password and a current code from the app. */
export const disableTwoFactorBodySchema = z.strictObject({ password, code: totpCodeSchema }, strictErrors);
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBodySchema>;

/** two-factor/enable: the `otpauth://` address the QR code carries, and the recovery codes to show once confirmed. */
export const twoFactorEnabledAnswerSchema = z.looseObject({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});

/** two-factor/generate-backup-codes: the new recovery codes, shown once. */
export const recoveryCodesAnswerSchema = z.looseObject({ status: z.boolean(), backupCodes: z.array(z.string()) });

/** two-factor/disable. */
export const twoFactorStatusAnswerSchema = z.looseObject({ status: z.boolean() });
