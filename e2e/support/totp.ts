// Authenticator codes for the journeys, computed from the secret with Better Auth's own OTP helper, as
// an authenticator app computes them; and the e2e operator's authenticator, shared by every worker.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { e2eDataDir } from './env';

const PERIOD_MS = 30_000;

/** The base32 secret of an `otpauth://` address (what the setup screen shows as the setup key). */
export function secretOfUri(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return secret;
}

export const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/** The code of time step `step` for a base32 secret. */
export function codeAt(secret: string, step: number = currentStep()): Promise<string> {
  return createOTP(base32.decode(secret.replace(/\s/g, ''))).hotp(step);
}

/**
 * A step no sign-in of this account used yet: the server takes each code once (and one step either
 * side of now), so a sign-in right after another uses the next step's code, and waits until that
 * code is one the server accepts when all three are spent.
 */
export async function unusedStep(lastUsed: number | null): Promise<number> {
  const step = Math.max(currentStep() - 1, (lastUsed ?? 0) + 1);
  const acceptedFrom = (step - 1) * PERIOD_MS;
  if (Date.now() < acceptedFrom) await new Promise((resolve) => setTimeout(resolve, acceptedFrom - Date.now() + 50));
  return step;
}

interface OperatorTotp {
  secret: string | null;
  lastStep: number | null;
}

/**
 * Runs `work` with the e2e operator's authenticator state (secret, last step used), holding a lock
 * (a directory made atomically) so workers signing the operator in at once take distinct steps.
 */
export async function withOperatorTotp(work: (state: OperatorTotp) => Promise<OperatorTotp>): Promise<void> {
  const dir = e2eDataDir();
  const file = path.join(dir, 'e2e-operator-totp.json');
  const lock = path.join(dir, 'e2e-operator-totp.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the operator's authenticator lock ${lock} was never freed`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    let state: OperatorTotp = { secret: null, lastStep: null };
    try {
      state = JSON.parse(readFileSync(file, 'utf8')) as OperatorTotp;
    } catch {
      // No sign-in yet in this run.
    }
    writeFileSync(file, JSON.stringify(await work(state)));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Sets up an authenticator for the signed-in `request` context's account; answers the secret and step used. */
export async function enrolViaApi(
  request: APIRequestContext,
  origin: string,
  password: string,
): Promise<{ secret: string; step: number; backupCodes: string[] }> {
  const enabled = await request.post(`${origin}/api/auth/two-factor/enable`, {
    data: { password },
    headers: { origin },
  });
  if (!enabled.ok()) throw new Error(`enable failed: ${enabled.status()} ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const step = await unusedStep(null);
  const code = await codeAt(secret, step);
  const confirmed = await request.post(`${origin}/api/auth/two-factor/verify-totp`, {
    data: { code },
    headers: { origin },
  });
  if (!confirmed.ok()) throw new Error(`confirm failed: ${confirmed.status()} ${await confirmed.text()}`);
  return { secret, step, backupCodes };
}

/**
 * Axe on the screen as it is, in the light and the dark theme (the app follows the system's, live).
 * Motion is reduced, so no colour is caught halfway through its transition to the new theme.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expectNoSeriousA11yViolations(page);
  }
}
