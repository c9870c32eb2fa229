// The visitor's forms' schemas, loaded when the form is first reached (see useZodForm): zod stays out of
// the first download of /login and /register.
export {
  loginBodySchema,
  registerBodySchema,
  verifyRecoveryCodeBodySchema,
  verifyTotpBodySchema,
} from '@meridian/shared';
