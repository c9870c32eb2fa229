import nodemailer from 'nodemailer';

/** What a transport needs of a message. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  /** Resolves once the message is accepted; rejects with the reason it was not. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer: `smtpUrl` like smtp://user:pass@host:587 or smtps://host:465. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, html: m.html, text: m.text });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL (the embedded default) a message is written out in readable form instead of sent,
 * so someone running `npm start` on a laptop can read the code or the link it carries. It bypasses
 * the redacting logger on purpose: it is the mailbox of a server that has none, not a log line.
 */
export function printTransport(write: (text: string) => void = (t) => process.stdout.write(t)): MailTransport {
  return {
    async send(m) {
      write(
        `\n── e-mail (SMTP_URL is not set, so it is printed here instead of sent) ──\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}──\n`,
      );
    },
    close() {},
  };
}
