import { z } from 'zod';
import {
  COUNTRY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  REFERRAL_ID_MAX_LENGTH,
} from '../constants.js';
import { messages } from '../messages.js';
import { EMAIL_PATTERN, isBlank, phoneProblem, strictErrors, text } from './fields.js';

export interface RegisterInput {
  name: string;
  email: string;
  phone: string;
  country: string;
  password: string;
  referrerId?: string | undefined;
}

/**
 * The first problem with a registration, in the order the form reports them (spec section 5).
 * A missing country alone reads 'Please select a country'; any other missing field reads the
 * 'fill all the fields' message, so both messages of the specification can be met.
 */
export function registerProblem(v: RegisterInput): { field: keyof RegisterInput; message: string } | null {
  for (const field of ['name', 'email', 'phone', 'password'] as const) {
    if (isBlank(v[field])) return { field, message: messages.registerFillAll };
  }
  if (isBlank(v.country)) return { field: 'country', message: messages.selectCountry };
  if (!EMAIL_PATTERN.test(v.email.trim())) return { field: 'email', message: messages.invalidEmail };
  if (v.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: messages.passwordTooShort };
  const phone = phoneProblem(v.phone);
  if (phone) return { field: 'phone', message: phone };
  return null;
}

/** Better Auth's `sign-up/email` body, as Meridian accepts it. Unknown fields are refused. */
export const registerBodySchema = z
  .strictObject(
    {
      name: text(NAME_MAX_LENGTH, messages.registerFillAll),
      email: text(EMAIL_MAX_LENGTH, messages.registerFillAll),
      phone: text(PHONE_MAX_LENGTH, messages.registerFillAll),
      country: text(COUNTRY_MAX_LENGTH, messages.selectCountry),
      password: text(PASSWORD_MAX_LENGTH, messages.registerFillAll).max(PASSWORD_MAX_LENGTH, {
        error: messages.passwordTooLong,
      }),
      referrerId: text(REFERRAL_ID_MAX_LENGTH, messages.invalidRequest).optional(),
    },
    strictErrors,
  )
  .superRefine((value, ctx) => {
    const problem = registerProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export interface LoginInput {
  email: string;
  password: string;
}

export function loginProblem(v: LoginInput): { field: keyof LoginInput; message: string } | null {
  if (isBlank(v.email)) return { field: 'email', message: messages.loginFillAll };
  if (isBlank(v.password)) return { field: 'password', message: messages.loginFillAll };
  if (v.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: messages.passwordTooShort };
  return null;
}

export const loginBodySchema = z
  .strictObject(
    {
      email: text(EMAIL_MAX_LENGTH, messages.loginFillAll),
      password: text(PASSWORD_MAX_LENGTH, messages.loginFillAll),
      rememberMe: z.boolean({ error: messages.invalidRequest }).optional(),
    },
    strictErrors,
  )
  .superRefine((value, ctx) => {
    const problem = loginProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The server's change-password body (Better Auth's own field names). */
export const changePasswordBodySchema = z.strictObject(
  {
    currentPassword: text(PASSWORD_MAX_LENGTH, messages.invalidRequest).min(1, { error: messages.invalidRequest }),
    newPassword: text(PASSWORD_MAX_LENGTH, messages.invalidRequest).min(PASSWORD_MIN_LENGTH, {
      error: messages.passwordTooShort,
    }),
    revokeOtherSessions: z.boolean({ error: messages.invalidRequest }).optional(),
  },
  strictErrors,
);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change-password form: three fields, the confirmation must match (spec section 5). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: messages.currentPasswordRequired }),
    newPassword: z.string().min(1, { error: messages.newPasswordRequired }),
    confirmPassword: z.string().min(1, { error: messages.confirmPasswordRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: messages.passwordsDoNotMatch,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const forgotPasswordBodySchema = z.strictObject({
  email: text(EMAIL_MAX_LENGTH, messages.invalidEmail).regex(EMAIL_PATTERN, { error: messages.invalidEmail }),
  redirectTo: text(500, messages.invalidRequest).optional(),
});
