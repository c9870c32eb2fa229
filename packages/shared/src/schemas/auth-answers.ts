import { z } from 'zod';
import { userSchema } from './user.js';

/*
 * What Better Auth answers on the /api/auth routes, as Meridian relays it (without the session
 * token, which only travels in the httpOnly cookie). The server relays these bodies as they come,
 * so the schemas describe them for the API document; the web app reads /api/me instead. They are
 * loose: a Better Auth upgrade may add fields, and clients should expect that.
 */

/** Better Auth's user: Meridian's user fields plus the library's own. */
export const authUserSchema = z.looseObject({
  ...userSchema.shape,
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  updatedAt: z.string(),
});

/** sign-up/email and change-password: the account (the session is in the cookie). */
export const authUserAnswerSchema = z.looseObject({ user: authUserSchema });

/**
 * sign-up/email: the same fixed answer for a new address and for one that already has an account
 * (no user, no cookie), so a sign-up never tells whether someone is a member. The link in the e-mail
 * signs the new member in.
 */
export const signUpAnswerSchema = z.strictObject({ status: z.literal(true) });

/** verify-email: verified, and signed in (the session cookie is on the answer). */
export const verifyEmailAnswerSchema = z.looseObject({ status: z.boolean() });

/** send-verification-email: a fresh link is on its way. */
export const verificationSentAnswerSchema = z.looseObject({ status: z.boolean() });

/** sign-in/email: signed in, or (an account with a second factor) told to send the code next. */
export const signInAnswerSchema = z.union([
  z.looseObject({
    redirect: z.boolean(),
    url: z.string().optional(),
    user: authUserSchema,
  }),
  z.looseObject({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
]);

/** two-factor/verify-totp and two-factor/verify-backup-code: the account (the session is in the cookie). */
export const twoFactorVerifiedAnswerSchema = z.looseObject({ user: authUserSchema });

/** get-session: the current session and its user, or null for a visitor. */
export const sessionAnswerSchema = z
  .object({
    session: z.looseObject({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      ipAddress: z.string().nullable().optional(),
      userAgent: z.string().nullable().optional(),
    }),
    user: authUserSchema,
  })
  .nullable();

/** sign-out. */
export const signOutAnswerSchema = z.looseObject({ success: z.boolean() });

/** request-password-reset: the same answer whether the e-mail has an account or not. */
export const resetRequestedAnswerSchema = z.looseObject({ status: z.boolean(), message: z.string() });

/** reset-password. */
export const passwordResetAnswerSchema = z.looseObject({ status: z.boolean() });
