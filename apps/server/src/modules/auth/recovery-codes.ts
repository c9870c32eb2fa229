import { createHmac } from 'node:crypto';

/**
 * Recovery codes are stored only as HMACs under the session secret, so a read of the database signs
 * no one in. Better Auth's two-factor plugin keeps its codes through `storeBackupCodes` and compares
 * what it reads back with the code it was sent: the route hands it the code's HMAC (recoveryCodeDigest),
 * the stored list holds HMACs, and so a code matches without ever being stored in clear. The plugin
 * also writes back the list minus the used code; those entries are digests already and stay as they are.
 */
const PREFIX = 'hmac:';

export function recoveryCodeDigest(secret: string, code: string): string {
  return `${PREFIX}${createHmac('sha256', secret).update(code.trim()).digest('base64url')}`;
}

export function recoveryCodeStore(secret: string) {
  return {
    async encrypt(json: string): Promise<string> {
      const codes = JSON.parse(json) as string[];
      return JSON.stringify(codes.map((c) => (c.startsWith(PREFIX) ? c : recoveryCodeDigest(secret, c))));
    },
    async decrypt(stored: string): Promise<string> {
      return stored;
    },
  };
}
