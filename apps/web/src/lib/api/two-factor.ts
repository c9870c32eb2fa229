import type { DisableTwoFactorBody, VerifyRecoveryCodeBody, VerifyTotpBody } from '@meridian/shared';
import { apiRequest } from '../api-client';

/*
 * Better Auth's two-factor endpoints as Meridian forwards them (/api/auth/two-factor/*): the member's
 * Password & Security, the sign-in's second step and the console's setup screen all call these.
 */

export interface Enrolment {
  /** The `otpauth://` address the QR code carries. */
  totpURI: string;
  /** Shown once the first code confirms the set-up. */
  backupCodes: string[];
}

export function enableTwoFactor(password: string): Promise<Enrolment> {
  return apiRequest('/api/auth/two-factor/enable', { method: 'POST', body: { password } });
}

/** The enrolment's first code, or the sign-in's second step. */
export function verifyTotp(body: VerifyTotpBody): Promise<unknown> {
  return apiRequest('/api/auth/two-factor/verify-totp', { method: 'POST', body });
}

export function verifyRecoveryCode(body: VerifyRecoveryCodeBody): Promise<unknown> {
  return apiRequest('/api/auth/two-factor/verify-backup-code', { method: 'POST', body });
}

export function regenerateRecoveryCodes(password: string): Promise<{ backupCodes: string[] }> {
  return apiRequest('/api/auth/two-factor/generate-backup-codes', { method: 'POST', body: { password } });
}

export function disableTwoFactor(body: DisableTwoFactorBody): Promise<unknown> {
  return apiRequest('/api/auth/two-factor/disable', { method: 'POST', body });
}

/** The setup key an app takes when the QR code cannot be scanned: the address's secret, in groups of four. */
export function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
