import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { type EmailTemplate, renderEmail } from './templates.js';

/** Queues an e-mail; the dispatch job (a later issue) sends pending rows. */
export async function enqueueEmail(db: Db, to: string, template: EmailTemplate): Promise<void> {
  const { subject, html } = renderEmail(template);
  await db.insert(emailOutbox).values({ toAddress: to, template: template.kind, subject, html });
}
