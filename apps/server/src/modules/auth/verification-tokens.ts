import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Rows written before reset tokens were stored hashed (better-auth.ts, verification.storeIdentifier)
 * hold `reset-password:<token>` in clear, and Better Auth still finds such a row by its plain
 * identifier. Each start replaces them by the hash Better Auth now looks up (SHA-256 of the
 * identifier, base64url without padding), so a link already sent keeps working and the table never
 * again holds a usable token. Idempotent: a hashed identifier has no such prefix.
 */
export async function hashClearResetTokens(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE verifications
       SET identifier = translate(rtrim(encode(sha256(convert_to(identifier, 'UTF8')), 'base64'), '='), '+/', '-_')
     WHERE identifier LIKE 'reset-password:%'`);
}
