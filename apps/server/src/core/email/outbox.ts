import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { rows } from '../../lib/sql.js';
import { type EmailTemplate, renderEmail, SECRET_TEMPLATES, secretsOf, UNVERIFIED_ADDRESS_KINDS } from './templates.js';

/**
 * Queues an e-mail in the caller's transaction (so it is sent only if what caused it commits); the
 * dispatch job (jobs/email-dispatch.ts) sends it. An address that belongs to an account whose owner has
 * not verified it gets only the kinds in UNVERIFIED_ADDRESS_KINDS: anything else is dropped in the same
 * statement that would queue it, so no caller can forget the rule (an address of no account, an
 * operator's say, is sent everything).
 */
export async function enqueueEmail(db: Db, to: string, template: EmailTemplate, now = new Date()): Promise<void> {
  const { subject, html, text } = renderEmail(template, now);
  const redact = secretsOf(template);
  if (UNVERIFIED_ADDRESS_KINDS.includes(template.kind)) {
    // Due at once by the same clock the dispatcher reads (the database's may differ by a little).
    await db
      .insert(emailOutbox)
      .values({ toAddress: to, template: template.kind, subject, html, text, nextAttemptAt: now, redact });
    return;
  }
  const secrets =
    redact.length === 0
      ? sql`'{}'::text[]`
      : sql`ARRAY[${sql.join(
          redact.map((r) => sql`${r}`),
          sql`, `,
        )}]::text[]`;
  await db.execute(sql`
    INSERT INTO email_outbox (to_address, template, subject, html, text, next_attempt_at, redact)
    SELECT ${to}, ${template.kind}, ${subject}, ${html}, ${text}, ${now.toISOString()}::timestamptz, ${secrets}
     WHERE NOT EXISTS (SELECT FROM users WHERE lower(email) = lower(${to}) AND NOT email_verified)`);
}

/** A message as the dispatcher hands it to a transport. */
export interface OutgoingEmail {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** This attempt's number, from 1. */
  attempt: number;
}

/**
 * Claims up to `limit` due rows for one dispatcher: they turn 'sending' in one statement, and rows
 * another dispatcher holds are skipped (FOR UPDATE SKIP LOCKED), so every node may run the job.
 */
export async function claimDueEmails(db: Db, now: Date, limit: number): Promise<OutgoingEmail[]> {
  const at = now.toISOString();
  const claimed = await rows<{
    id: string | number;
    to_address: string;
    subject: string;
    html: string;
    text: string;
    attempts: number;
  }>(
    db,
    sql`UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, claimed_at = ${at}::timestamptz
         WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= ${at}::timestamptz
                       ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
         RETURNING id, to_address, subject, html, text, attempts`,
  );
  return claimed
    .map((r) => ({
      id: Number(r.id),
      to: r.to_address,
      subject: r.subject,
      html: r.html,
      text: r.text,
      attempt: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markEmailSent(db: Db, id: number, now: Date): Promise<void> {
  // One statement for a message without secrets (most: a transfer's recipient told, say); only one
  // that carries a code or a link is read back to be scrubbed.
  const [marked] = await rows<{ scrub: boolean }>(
    db,
    sql`UPDATE email_outbox SET status = 'sent', sent_at = ${now.toISOString()}::timestamptz, last_error = NULL
         WHERE id = ${id} AND status = 'sending' RETURNING cardinality(redact) > 0 AS scrub`,
  );
  if (marked?.scrub) await scrubSecrets(db, id);
}

/**
 * Replaces what the message must not keep (its code, its reset link) by '[redacted]' in the stored
 * bodies, once it has left or has been given up: the outbox is not a second place to read them.
 */
async function scrubSecrets(db: Db, id: number): Promise<void> {
  const [row] = await rows<{ html: string; text: string; redact: string[] }>(
    db,
    sql`SELECT html, text, redact FROM email_outbox WHERE id = ${id}`,
  );
  if (!row || row.redact.length === 0) return;
  await db.execute(
    sql`UPDATE email_outbox SET html = ${replaceSecrets(row.html, row.redact)},
           text = ${replaceSecrets(row.text, row.redact)}, redact = '{}'::text[]
         WHERE id = ${id}`,
  );
}

const REDACTED = '[redacted]';

function replaceSecrets(body: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.replaceAll(secret, REDACTED), body);
}

/**
 * A stored message as an operator may read it (the console's mailbox): a secret still kept because the
 * message is not sent yet is shown as it will be stored once sent, '[redacted]', so the outbox is never
 * a place to read a member's code or reset link. `redacted`: these bodies carry '[redacted]' in place of
 * a secret, so the message cannot be sent again as it was.
 */
export function operatorView(row: { template: string; html: string; text: string; redact: readonly string[] }) {
  return {
    html: replaceSecrets(row.html, row.redact),
    text: replaceSecrets(row.text, row.redact),
    redacted: carriesSecret(row.template),
  };
}

/** Whether messages of this template carry a secret that is replaced once they are sent or given up. */
export function carriesSecret(template: string): boolean {
  return (SECRET_TEMPLATES as readonly string[]).includes(template);
}

/** A failed attempt: tried again at `retryAt`, or given up (failed) when that is null. */
export async function markEmailAttemptFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db.execute(
    retryAt
      ? sql`UPDATE email_outbox SET status = 'pending', next_attempt_at = ${retryAt.toISOString()}::timestamptz,
              last_error = ${error} WHERE id = ${id} AND status = 'sending'`
      : sql`UPDATE email_outbox SET status = 'failed', last_error = ${error} WHERE id = ${id} AND status = 'sending'`,
  );
  if (!retryAt) await scrubSecrets(db, id);
}

/**
 * Rows left 'sending' since before `claimedBefore` (their dispatcher died mid-send): the message may
 * or may not have left, so it is marked failed rather than sent again. Returns how many.
 */
export async function failInterruptedEmails(db: Db, claimedBefore: Date): Promise<number> {
  const failed = await rows<{ id: number }>(
    db,
    sql`UPDATE email_outbox SET status = 'failed',
           last_error = 'interrupted while sending; not tried again, so that it is never sent twice'
         WHERE status = 'sending' AND claimed_at < ${claimedBefore.toISOString()}::timestamptz RETURNING id`,
  );
  for (const { id } of failed) await scrubSecrets(db, Number(id));
  return failed.length;
}
