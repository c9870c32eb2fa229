import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { messages, securityMessages } from '../messages.js';
import { strictErrors, text } from './fields.js';
import { totpCodeSchema } from './two-factor.js';

/**
 * How a sign-in proved who it was, each with its words in securityMessages.methods: the password alone,
 * the password and then the authenticator's code or a recovery code, or a passkey (both factors).
 */
export const SIGN_IN_METHODS = ['password', 'totp', 'recovery-code', 'passkey'] as const;
export const signInMethodSchema = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** One sign-in or failed attempt, as Password & Security lists it. */
export const signInRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  succeeded: z.boolean(),
  method: signInMethodSchema,
  /** The user agent in words, e.g. 'Chrome on Linux'. */
  device: z.string(),
  ipAddress: z.string().nullable(),
});
export type SignInRecord = z.infer<typeof signInRecordSchema>;

/** GET /api/sign-ins: the newest first, at most SIGN_IN_HISTORY_LIMIT. */
export const signInHistorySchema = z.object({ signIns: z.array(signInRecordSchema) });
export type SignInHistory = z.infer<typeof signInHistorySchema>;

/**
 * POST /api/auth/step-up: proof that the session's user is at the keyboard — a code from the
 * authenticator app when the account has one, else the password (the server says which it takes).
 */
export const stepUpBodySchema = z
  .strictObject(
    {
      password: text(PASSWORD_MAX_LENGTH, messages.invalidRequest)
        .min(1, { error: securityMessages.stepUpRequired })
        .optional(),
      code: totpCodeSchema.optional(),
    },
    strictErrors,
  )
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    error: securityMessages.stepUpRequired,
  });
export type StepUpBody = z.infer<typeof stepUpBodySchema>;
export const stepUpAnswerSchema = z.object({ provedAt: z.string() });

/** POST /api/auth/secure-account: the token of a new-sign-in alert's "this was not me" link. */
export const secureAccountBodySchema = z.strictObject(
  { token: text(512, messages.invalidRequest).min(1, { error: securityMessages.secureAccountMissing }) },
  strictErrors,
);
export const secureAccountAnswerSchema = z.object({ message: z.string() });
