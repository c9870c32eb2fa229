import { z } from 'zod';
import { messages, passkeyMessages } from '../messages.js';
import { authUserSchema } from './auth-answers.js';
import { text } from './fields.js';

/*
 * Better Auth's passkey endpoints (/api/auth/passkey/...) behind Meridian's schemas. The WebAuthn
 * objects are the browser's JSON encoding (base64url strings), passed to the library as they come:
 * only their shape and sizes are checked here, the ceremony itself is SimpleWebAuthn's.
 */

export const PASSKEY_NAME_MAX_LENGTH = 50;

/** What the member calls a passkey ('My laptop'). */
export const passkeyNameSchema = text(10_000, passkeyMessages.nameRequired)
  .trim()
  .min(1, { error: passkeyMessages.nameRequired })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: passkeyMessages.nameTooLong });

/** A base64url value of a WebAuthn response; generous bounds, no authenticator sends more. */
const b64url = (max: number) =>
  z
    .string({ error: messages.invalidRequest })
    .max(max, { error: messages.invalidRequest })
    .regex(/^[A-Za-z0-9_-]*$/, { error: messages.invalidRequest });

const credentialBase = {
  id: b64url(1_024).min(1, { error: messages.invalidRequest }),
  rawId: b64url(1_024).min(1, { error: messages.invalidRequest }),
  type: z.literal('public-key', { error: messages.invalidRequest }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}).optional(),
};

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser's startRegistration encodes it. */
export const registrationCredentialSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject(
    {
      clientDataJSON: b64url(16_384),
      attestationObject: b64url(65_536),
      transports: z.array(text(32, messages.invalidRequest)).max(10).optional(),
    },
    { error: messages.invalidRequest },
  ),
});

/** navigator.credentials.get()'s answer, as startAuthentication encodes it. */
export const authenticationCredentialSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject(
    {
      clientDataJSON: b64url(16_384),
      authenticatorData: b64url(16_384),
      signature: b64url(4_096),
      userHandle: b64url(1_024).nullish(),
    },
    { error: messages.invalidRequest },
  ),
});

/** POST /passkey/verify-registration. */
export const verifyPasskeyRegistrationBodySchema = z.strictObject({
  response: registrationCredentialSchema,
  name: passkeyNameSchema,
});

/** POST /passkey/verify-authentication. */
export const verifyPasskeyAuthenticationBodySchema = z.strictObject({ response: authenticationCredentialSchema });

/** Passkey ids are Better Auth's random alphanumerics. */
const passkeyId = z.string({ error: passkeyMessages.notFound }).regex(/^[A-Za-z0-9_-]{1,100}$/, {
  error: passkeyMessages.notFound,
});

/** POST /passkey/delete-passkey. */
export const deletePasskeyBodySchema = z.strictObject({ id: passkeyId });

/** POST /passkey/update-passkey: a new name. */
export const updatePasskeyBodySchema = z.strictObject({ id: passkeyId, name: passkeyNameSchema });

/** The add-a-passkey form. */
export const passkeyNameFormSchema = z.object({ name: passkeyNameSchema });
export type PasskeyNameForm = z.infer<typeof passkeyNameFormSchema>;

/** One passkey as Password & Security lists it: no key material, no counter. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
  /** The last sign-in with it; null until it is first used. */
  lastUsedAt: z.string().nullable(),
  /** 'multiDevice' for a synced passkey (a password manager's), 'singleDevice' for one bound to a device. */
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /passkey/list-user-passkeys: newest first. */
export const passkeyListSchema = z.array(passkeySchema);

/** The options either ceremony starts from (SimpleWebAuthn's JSON), handed to the browser as they are. */
export const passkeyRegistrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.string(), alg: z.number() })),
});
export const passkeyAuthenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
});

/** verify-registration: the new passkey, as Better Auth stored it. */
export const passkeyRegisteredAnswerSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  userId: z.string(),
  createdAt: z.string(),
});

/** verify-authentication: the new session (without its token) and its user. */
export const passkeySignInAnswerSchema = z.looseObject({
  session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
  user: authUserSchema,
});

/** update-passkey. */
export const passkeyUpdatedAnswerSchema = z.looseObject({ passkey: z.looseObject({ id: z.string() }) });

/** delete-passkey. */
export const passkeyDeletedAnswerSchema = z.looseObject({ status: z.boolean() });
