// The seeded operator (E2E_ADMIN) signed in through the API, second factor included: for the console's
// journeys (support/admin.ts) and for setup that needs an operator's approval (support/money.ts).
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { codeAt, enrolViaApi, unusedStep, withOperatorTotp } from './totp';

/**
 * Signs `request`'s context in as the seeded operator. The console requires a second factor: the first
 * sign-in of a run sets up the operator's authenticator through the real endpoints, and every later
 * one gives a code computed from its secret (support/totp.ts).
 */
export async function signInOperator(request: APIRequestContext, origin: string): Promise<void> {
  await withOperatorTotp(async (state) => {
    const res = await request.post(`${origin}/api/auth/sign-in/email`, {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      headers: { origin },
    });
    if (!res.ok()) throw new Error(`signing in as ${E2E_ADMIN.email} failed: ${res.status()} ${await res.text()}`);
    const answer = (await res.json()) as { twoFactorRedirect?: boolean };
    if (!answer.twoFactorRedirect) {
      const { secret, step } = await enrolViaApi(request, origin, E2E_ADMIN.password);
      return { secret, lastStep: step };
    }
    if (!state.secret) throw new Error(`${E2E_ADMIN.email} has a second factor this run did not set up`);
    const step = await unusedStep(state.lastStep);
    const verified = await request.post(`${origin}/api/auth/two-factor/verify-totp`, {
      data: { code: await codeAt(state.secret, step) },
      headers: { origin },
    });
    if (!verified.ok())
      throw new Error(`the operator's code was refused: ${verified.status()} ${await verified.text()}`);
    return { secret: state.secret, lastStep: step };
  });
}
