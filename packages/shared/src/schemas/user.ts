import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, COUNTRY_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../constants.js';
import { messages } from '../messages.js';
import { ROLES } from '../roles.js';
import { phoneProblem, strictErrors, text } from './fields.js';

/** The signed-in user as the API shows it. Never carries secrets. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  address: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  referralId: z.string(),
  referrerId: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /api/me: the user, and for an inactive account why, since the two notices differ: a new
 * account waits for its first activation, a deactivated one was switched off by an operator.
 */
export const meSchema = userSchema.extend({
  /** When an operator deactivated the account (ISO time), while it stays inactive; else null. */
  deactivatedAt: z.string().nullable(),
  /** Whether the e-mail address is verified: until it is, the account cannot be activated. */
  emailVerified: z.boolean(),
  /** An authenticator app is enrolled and confirmed (Password & Security shows it, sign-in asks for it). */
  twoFactorEnabled: z.boolean(),
  /** The account has a second factor of any kind: the console requires one (TWO_FACTOR_REQUIRED). */
  secondFactor: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

const required = (max: number, message: string) =>
  text(max, message).refine((v) => v.trim() !== '', { error: message });

/** PATCH /api/profile (spec section 5: name, phone and country required, address optional). */
export const profileBodySchema = z.strictObject(
  {
    name: required(NAME_MAX_LENGTH, messages.nameRequired),
    phone: required(PHONE_MAX_LENGTH, messages.phoneRequired).superRefine((v, ctx) => {
      const problem = v.trim() === '' ? null : phoneProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    country: required(COUNTRY_MAX_LENGTH, messages.countryRequired),
    address: text(ADDRESS_MAX_LENGTH, messages.invalidRequest).optional(),
  },
  strictErrors,
);
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The fields a profile update compares to decide 'No changes made' (DESIGN.md section 5: all of them). */
export const PROFILE_FIELDS = ['name', 'phone', 'country', 'address'] as const;
