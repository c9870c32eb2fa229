import { passkeyMessages } from '@meridian/shared';
import { ApiError, apiRequest } from './api-client';
import { onDemand } from './on-demand';

/*
 * The browser's half of Better Auth's passkey ceremonies, through SimpleWebAuthn's browser library:
 * fetched with the first passkey action, never with a page (most visits use none).
 */
const loadWebAuthn = onDemand(() => import('@simplewebauthn/browser'));

type WebAuthn = Awaited<ReturnType<typeof loadWebAuthn>>;

async function webAuthn(): Promise<WebAuthn> {
  const module = await loadWebAuthn();
  if (!module.browserSupportsWebAuthn()) throw new ApiError('UNSUPPORTED', passkeyMessages.unsupported, 0);
  return module;
}

/** What the authenticator's refusal means to the member (SimpleWebAuthn names the cases). */
function ceremonyFailure(error: unknown): ApiError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new ApiError('PREVIOUSLY_REGISTERED', passkeyMessages.alreadyAdded, 0);
  }
  return new ApiError('CANCELLED', passkeyMessages.cancelled, 0);
}

/** Adds a passkey named `name` to the signed-in member's account. */
export async function createPasskey(name: string): Promise<void> {
  const { startRegistration } = await webAuthn();
  const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/auth/passkey/generate-register-options',
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw ceremonyFailure(error);
  }
  // The browser's extension results stay in the browser: Meridian's schema takes the credential only.
  const { clientExtensionResults: _, ...credential } = response;
  await apiRequest('/api/auth/passkey/verify-registration', { method: 'POST', body: { response: credential, name } });
}

/** Signs in with a passkey alone: the passkey is both factors. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await webAuthn();
  const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey/generate-authenticate-options',
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    throw ceremonyFailure(error);
  }
  const { clientExtensionResults: _, ...credential } = response;
  await apiRequest('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response: credential } });
}
