import { expect } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The messages the e2e app sent so far (e2e/support/mail-catcher.mjs). */
async function messages(): Promise<Mail[]> {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url) throw new Error('E2E_MAILBOX_URL is not set: run the journeys through `playwright test`');
  const res = await fetch(`${url}/messages`);
  return (await res.json()) as Mail[];
}

/** Waits for the newest message to `to` with this subject that arrived after `after` others, and returns it. */
export async function waitForMail(to: string, subject: string, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mine = (await messages()).filter((m) => m.to.includes(to) && m.subject === subject);
        found = mine.length > after ? mine[mine.length - 1] : undefined;
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** How many messages with this subject `to` has received. */
export async function mailCount(to: string, subject: string): Promise<number> {
  return (await messages()).filter((m) => m.to.includes(to) && m.subject === subject).length;
}

/** The subject of the welcome e-mail, which carries the verification link. */
export const WELCOME_SUBJECT = 'Welcome to Meridian: verify your e-mail';

/** The verification link's token in a welcome or verify-email message. */
export function verificationToken(mail: Mail): string {
  const found = /\/verify-email\?token=(\S+)/.exec(mail.text);
  if (!found?.[1]) throw new Error('no verification link in the message');
  return decodeURIComponent(found[1]);
}

/** The verification link itself, as the member clicks it. */
export function verificationLink(mail: Mail): string {
  const found = /(https?:\/\/\S+\/verify-email\?token=\S+)/.exec(mail.text);
  if (!found?.[1]) throw new Error('no verification link in the message');
  return found[1];
}
