import {
  ADMIN_PAGE_SIZE_DEFAULT,
  type AdminMailDetail,
  type AdminMailPage,
  type AdminMailQuery,
  type AdminMailRow,
  adminMessages,
} from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { carriesSecret, operatorView } from '../../core/email/outbox.js';
import { publishToAdmins } from '../../core/realtime/publish.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { decodeIdCursor, encodeIdCursor, pageOf } from '../../lib/keyset-cursor.js';
import { findMail, lockMail, type MailListRow, type MailRow, mailPage, requeueMail } from './mailbox.queries.js';

const notFound = () => new AppError('NOT_FOUND', adminMessages.mailbox.messageNotFound);

/** A message id from the path: a positive serial, anything else names no message (a 404, as unknown ids are). */
function mailId(raw: string): number {
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

function toMailRowDto(r: MailListRow): AdminMailRow {
  return {
    id: r.id,
    to: r.toAddress,
    template: r.template,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
  };
}

function toMailDetailDto(r: MailRow): AdminMailDetail {
  return { ...toMailRowDto(r), ...operatorView(r) };
}

/** One page of the outbox, newest first. */
export async function mailbox(db: Db, query: AdminMailQuery): Promise<AdminMailPage> {
  const before = query.cursor === undefined ? null : decodeIdCursor(query.cursor);
  const limit = query.limit ?? ADMIN_PAGE_SIZE_DEFAULT;
  const rows = await mailPage(db, { status: query.status, to: query.to || undefined }, before, limit + 1);
  return pageOf(rows, limit, toMailRowDto, (r) => encodeIdCursor(r.id));
}

export async function mailDetail(db: Db, rawId: string): Promise<AdminMailDetail> {
  const row = await findMail(db, mailId(rawId));
  if (!row) throw notFound();
  return toMailDetailDto(row);
}

/**
 * Queues a failed message again as if new (pending, no attempts, due now), audited. Only a failed one:
 * a pending or sending message is on its way and a sent one has arrived. A message whose code or link
 * was replaced by '[redacted]' cannot be resent: it would arrive without it (the member asks anew).
 */
export function resendMail(db: Db, rawId: string, actor: string, now: Date): Promise<AdminMailRow> {
  const id = mailId(rawId);
  return db.transaction(async (tx) => {
    const row = await lockMail(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'failed') throw new AppError('MAIL_NOT_RESENDABLE', adminMessages.mailbox.notFailed);
    if (carriesSecret(row.template)) throw new AppError('MAIL_NOT_RESENDABLE', adminMessages.mailbox.redacted);
    const queued = await requeueMail(tx, id, now);
    await recordAudit(tx, {
      actor,
      action: 'mail.resend',
      details: {
        mailId: id,
        to: row.toAddress,
        template: row.template,
        before: { status: row.status, attempts: row.attempts, lastError: row.lastError },
        after: { status: queued.status, attempts: queued.attempts },
      },
    });
    await publishToAdmins(tx);
    return toMailRowDto(queued);
  });
}
