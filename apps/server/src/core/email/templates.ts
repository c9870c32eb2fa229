import {
  formatCents,
  RESET_LINK_VALID_MINUTES,
  SIGN_IN_ALERT_LINK_VALID_HOURS,
  VERIFICATION_LINK_VALID_HOURS,
} from '@meridian/shared';

export type EmailTemplate =
  /** Sent at sign-up, to an address nobody has verified yet: it carries the link, never the name typed. */
  | { kind: 'welcome'; verifyUrl: string }
  /** A fresh verification link, asked for from the not-active page. */
  | { kind: 'verify-email'; verifyUrl: string }
  /** A sign-up named an address that already has an account: its owner is told, and no account is made. */
  | { kind: 'sign-up-attempt'; loginUrl: string; forgotUrl: string }
  /** `name` is null when the address is not verified: a name typed by whoever signed up is never mailed. */
  | { kind: 'password-reset'; name: string | null; resetUrl: string }
  /**
   * A security notice (sent whether or not the address is verified): a sign-in from a browser the
   * account had not used. No name, only what the owner needs to recognise it, and the link that signs
   * every session out and starts a password reset.
   */
  | { kind: 'security-new-sign-in'; at: string; device: string; ipAddress: string; secureUrl: string }
  | { kind: 'account-activated'; name: string; dashboardUrl: string }
  | {
      kind: 'deposit-processing';
      name: string;
      amountCents: number;
      methodLabel: string;
      dashboardUrl: string;
      transactionsUrl: string;
    }
  | {
      kind: 'deposit-notification';
      userName: string;
      userEmail: string;
      amountCents: number;
      methodLabel: string;
      dashboardUrl: string;
      transactionsUrl: string;
      adminUserUrl: string;
    }
  | { kind: 'deposit-approved'; name: string; amountCents: number; methodLabel: string; dashboardUrl: string }
  | {
      kind: 'deposit-rejected';
      name: string;
      amountCents: number;
      methodLabel: string;
      reason: string;
      transactionsUrl: string;
    }
  | { kind: 'withdrawal-otp'; name: string; code: string; withdrawUrl: string; validMinutes: number }
  | {
      kind: 'withdrawal-requested';
      userName: string;
      userEmail: string;
      amountCents: number;
      methodLabel: string;
      adminUserUrl: string;
    }
  | { kind: 'withdrawal-paid'; name: string; amountCents: number; methodLabel: string; dashboardUrl: string }
  | {
      kind: 'transfer-received';
      name: string;
      amountCents: number;
      /** The sender as the recipient is told of them (shortName: "Alice A."). */
      senderName: string;
      transactionsUrl: string;
    }
  | {
      kind: 'withdrawal-rejected';
      name: string;
      amountCents: number;
      methodLabel: string;
      reason: string;
      dashboardUrl: string;
    };

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part: the same message, links written out. */
  text: string;
}

/**
 * The templates whose message carries a secret (a one-time code, a reset link): once such a message is
 * sent or given up its stored bodies keep '[redacted]' instead, so it can never be sent again as it was.
 */
export const SECRET_TEMPLATES: readonly EmailTemplate['kind'][] = [
  'withdrawal-otp',
  'password-reset',
  'welcome',
  'verify-email',
  'security-new-sign-in',
];

/**
 * The only messages an address whose owner has not verified it yet is sent (the outbox drops every
 * other kind for such an address): the verification link itself, and security notices its owner must
 * get whoever signed up with it (the new-device sign-in among them). None of them carries the name
 * typed at sign-up.
 */
export const UNVERIFIED_ADDRESS_KINDS: readonly EmailTemplate['kind'][] = [
  'welcome',
  'verify-email',
  'sign-up-attempt',
  'password-reset',
  'security-new-sign-in',
];

/** What a message carries that must not be kept once it is sent: as written in the text and in the HTML. */
export function secretsOf(t: EmailTemplate): string[] {
  const secret =
    t.kind === 'withdrawal-otp'
      ? t.code
      : t.kind === 'password-reset'
        ? t.resetUrl
        : t.kind === 'welcome' || t.kind === 'verify-email'
          ? t.verifyUrl
          : t.kind === 'security-new-sign-in'
            ? t.secureUrl
            : null;
  return secret === null ? [] : [...new Set([secret, escapeHtml(secret)])];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One look for every message; the footer carries the year the message is written in. */
function layout(body: string, year: number): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${body}<p style="color:#64748b;font-size:12px">&copy; ${year} Meridian</p></body></html>`;
}

function textLayout(lines: string[], year: number): string {
  return `${lines.join('\n\n')}\n\n© ${year} Meridian\n`;
}

/** A transfer's recipient told of it: their name, the amount and the sender, as written in the message. */
function transferReceived(
  v: { name: string; amount: string; sender: string; transactionsUrl: string },
  year: number,
): RenderedEmail {
  return {
    subject: `You received ${v.amount} from ${v.sender}`,
    html: layout(
      `<p>Hello ${escapeHtml(v.name)},</p><p>You received <strong>${escapeHtml(v.amount)}</strong> from ${escapeHtml(v.sender)} — it is in your balance now.</p><p><a href="${escapeHtml(v.transactionsUrl)}">View your transactions</a></p>`,
      year,
    ),
    text: textLayout(
      [
        `Hello ${v.name},`,
        `You received ${v.amount} from ${v.sender} — it is in your balance now.`,
        `Transactions: ${v.transactionsUrl}`,
      ],
      year,
    ),
  };
}

/**
 * The transfer-received message with its three values left as format() slots (%1$s the recipient's
 * name, %2$s the amount, %3$s the sender; a literal % doubled): the transfer's statement fills them
 * for each recipient it finds (ledger/transfer-batch.sql), escaping the HTML's as escapeHtml does, so
 * the stored message is the one renderEmail would write.
 */
export function transferReceivedShell(transactionsUrl: string, now: Date): RenderedEmail {
  // Placeholders no rendering changes (escapeHtml leaves NUL alone) and no text contains.
  const slot = (n: number) => `\u0000${n}\u0000`;
  const m = transferReceived(
    { name: slot(1), amount: slot(2), sender: slot(3), transactionsUrl },
    now.getUTCFullYear(),
  );
  const shell = (s: string) =>
    [1, 2, 3].reduce((out, n) => out.replaceAll(slot(n), `%${n}$s`), s.replaceAll('%', '%%'));
  return { subject: shell(m.subject), html: shell(m.html), text: shell(m.text) };
}

/** Renders a template server-side; every interpolated value is escaped in the HTML part. */
export function renderEmail(t: EmailTemplate, now: Date = new Date()): RenderedEmail {
  const year = now.getUTCFullYear();
  switch (t.kind) {
    case 'transfer-received':
      return transferReceived(
        { name: t.name, amount: formatCents(t.amountCents), sender: t.senderName, transactionsUrl: t.transactionsUrl },
        year,
      );
    case 'welcome':
      return {
        subject: 'Welcome to Meridian: verify your e-mail',
        html: layout(
          `<h1>Welcome to Meridian</h1><p>Your account has been created. <a href="${escapeHtml(t.verifyUrl)}">Verify your e-mail</a> to sign in; new accounts are activated within 24 hours of verification.</p><p>The link expires in ${VERIFICATION_LINK_VALID_HOURS} hours and works once. If you did not sign up, ignore this e-mail.</p>`,
          year,
        ),
        text: textLayout(
          [
            'Welcome to Meridian',
            `Your account has been created. Verify your e-mail to sign in: ${t.verifyUrl}`,
            `New accounts are activated within 24 hours of verification. The link expires in ${VERIFICATION_LINK_VALID_HOURS} hours and works once. If you did not sign up, ignore this e-mail.`,
          ],
          year,
        ),
      };
    case 'verify-email':
      return {
        subject: 'Verify your Meridian e-mail',
        html: layout(
          `<p>Hello,</p><p><a href="${escapeHtml(t.verifyUrl)}">Verify your e-mail</a> to finish setting up your Meridian account. The link expires in ${VERIFICATION_LINK_VALID_HOURS} hours and works once.</p><p>If you did not ask for it, ignore this e-mail.</p>`,
          year,
        ),
        text: textLayout(
          [
            'Hello,',
            `Verify your e-mail to finish setting up your Meridian account: ${t.verifyUrl}`,
            `The link expires in ${VERIFICATION_LINK_VALID_HOURS} hours and works once. If you did not ask for it, ignore this e-mail.`,
          ],
          year,
        ),
      };
    case 'sign-up-attempt':
      return {
        subject: 'Someone tried to create an account with your e-mail',
        html: layout(
          `<p>Hello,</p><p>Someone tried to create a Meridian account with your e-mail address. Your account already exists, so no second account was made and nothing about your account changed.</p><p>If it was you, <a href="${escapeHtml(t.loginUrl)}">log in</a>, or <a href="${escapeHtml(t.forgotUrl)}">reset your password</a> if you forgot it. If it was not you, ignore this e-mail.</p>`,
          year,
        ),
        text: textLayout(
          [
            'Hello,',
            'Someone tried to create a Meridian account with your e-mail address. Your account already exists, so no second account was made and nothing about your account changed.',
            `If it was you, log in: ${t.loginUrl}\nForgot your password? ${t.forgotUrl}\nIf it was not you, ignore this e-mail.`,
          ],
          year,
        ),
      };
    case 'password-reset': {
      const hello = t.name === null ? 'Hello,' : `Hello ${t.name},`;
      return {
        subject: 'Reset your Meridian password',
        html: layout(
          `<p>${escapeHtml(hello)}</p><p>Someone asked to reset the password of your Meridian account. If it was you, <a href="${escapeHtml(t.resetUrl)}">choose a new password</a>. The link expires in ${RESET_LINK_VALID_MINUTES} minutes and works once.</p><p>If it was not you, ignore this e-mail.</p>`,
          year,
        ),
        text: textLayout(
          [
            hello,
            `Someone asked to reset the password of your Meridian account. If it was you, choose a new password: ${t.resetUrl}`,
            `The link expires in ${RESET_LINK_VALID_MINUTES} minutes and works once. If it was not you, ignore this e-mail.`,
          ],
          year,
        ),
      };
    }
    case 'security-new-sign-in':
      return {
        subject: 'New sign-in to your account',
        html: layout(
          `<p>Your Meridian account was just signed in to from a device it had not used before.</p><p>When: ${escapeHtml(t.at)}<br>Device: ${escapeHtml(t.device)}<br>IP: ${escapeHtml(t.ipAddress)}</p><p>If it was you, there is nothing to do.</p><p>If it was not you, <a href="${escapeHtml(t.secureUrl)}">sign out every session and reset your password</a>. The link expires in ${SIGN_IN_ALERT_LINK_VALID_HOURS} hours and works once.</p>`,
          year,
        ),
        text: textLayout(
          [
            'Your Meridian account was just signed in to from a device it had not used before.',
            `When: ${t.at}\nDevice: ${t.device}\nIP: ${t.ipAddress}`,
            'If it was you, there is nothing to do.',
            `If it was not you, sign out every session and reset your password: ${t.secureUrl}`,
            `The link expires in ${SIGN_IN_ALERT_LINK_VALID_HOURS} hours and works once.`,
          ],
          year,
        ),
      };
    case 'account-activated':
      return {
        subject: 'Your Meridian account is active',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Your account has been activated: you can now deposit, invest, transfer and withdraw.</p><p><a href="${escapeHtml(t.dashboardUrl)}">Open your dashboard</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            'Your account has been activated: you can now deposit, invest, transfer and withdraw.',
            `Dashboard: ${t.dashboardUrl}`,
          ],
          year,
        ),
      };
    case 'deposit-processing': {
      const amount = formatCents(t.amountCents);
      return {
        subject: 'Deposit Processing',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>We have received your deposit of <strong>${escapeHtml(amount)}</strong> via ${escapeHtml(t.methodLabel)}. It is being processed, and your balance will be updated once the payment is confirmed.</p><p><a href="${escapeHtml(t.dashboardUrl)}">Open your dashboard</a> · <a href="${escapeHtml(t.transactionsUrl)}">View your transactions</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            `We have received your deposit of ${amount} via ${t.methodLabel}. It is being processed, and your balance will be updated once the payment is confirmed.`,
            `Dashboard: ${t.dashboardUrl}\nTransactions: ${t.transactionsUrl}`,
          ],
          year,
        ),
      };
    }
    case 'deposit-notification': {
      const amount = formatCents(t.amountCents);
      return {
        subject: 'Deposit Notification',
        html: layout(
          `<p>${escapeHtml(t.userName)} (${escapeHtml(t.userEmail)}) has filed a deposit of <strong>${escapeHtml(amount)}</strong> via ${escapeHtml(t.methodLabel)}, with a receipt, waiting for approval.</p><p><a href="${escapeHtml(t.adminUserUrl)}">Review the user</a> · <a href="${escapeHtml(t.dashboardUrl)}">Dashboard</a> · <a href="${escapeHtml(t.transactionsUrl)}">Transactions</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `${t.userName} (${t.userEmail}) has filed a deposit of ${amount} via ${t.methodLabel}, with a receipt, waiting for approval.`,
            `Review the user: ${t.adminUserUrl}\nDashboard: ${t.dashboardUrl}\nTransactions: ${t.transactionsUrl}`,
          ],
          year,
        ),
      };
    }
    case 'deposit-approved': {
      const amount = formatCents(t.amountCents);
      return {
        subject: 'Your deposit has been approved',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Your deposit of <strong>${escapeHtml(amount)}</strong> via ${escapeHtml(t.methodLabel)} has been approved and added to your balance.</p><p><a href="${escapeHtml(t.dashboardUrl)}">Open your dashboard</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            `Your deposit of ${amount} via ${t.methodLabel} has been approved and added to your balance.`,
            `Dashboard: ${t.dashboardUrl}`,
          ],
          year,
        ),
      };
    }
    case 'deposit-rejected': {
      const amount = formatCents(t.amountCents);
      return {
        subject: 'Your deposit was not approved',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Your deposit of <strong>${escapeHtml(amount)}</strong> via ${escapeHtml(t.methodLabel)} was not approved, and nothing was added to your balance.</p><p>Reason: ${escapeHtml(t.reason)}</p><p><a href="${escapeHtml(t.transactionsUrl)}">View your transactions</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            `Your deposit of ${amount} via ${t.methodLabel} was not approved, and nothing was added to your balance.`,
            `Reason: ${t.reason}`,
            `Transactions: ${t.transactionsUrl}`,
          ],
          year,
        ),
      };
    }
    case 'withdrawal-otp':
      return {
        subject: 'Withdrawal OTP',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Your one-time password for the withdrawal is:</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(t.code)}</p><p>It is valid for ${t.validMinutes} minutes and can be used once. If you did not ask for it, change your password.</p><p><a href="${escapeHtml(t.withdrawUrl)}">Return to your withdrawal</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            `Your one-time password for the withdrawal is: ${t.code}`,
            `It is valid for ${t.validMinutes} minutes and can be used once. If you did not ask for it, change your password.`,
            `Return to your withdrawal: ${t.withdrawUrl}`,
          ],
          year,
        ),
      };
    case 'withdrawal-requested': {
      const amount = formatCents(t.amountCents);
      return {
        subject: 'Withdrawal Request',
        html: layout(
          `<p>${escapeHtml(t.userName)} (${escapeHtml(t.userEmail)}) has requested a withdrawal of <strong>${escapeHtml(amount)}</strong> by ${escapeHtml(t.methodLabel)}. The amount is on hold, waiting for approval.</p><p><a href="${escapeHtml(t.adminUserUrl)}">Review the user</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `${t.userName} (${t.userEmail}) has requested a withdrawal of ${amount} by ${t.methodLabel}. The amount is on hold, waiting for approval.`,
            `Review the user: ${t.adminUserUrl}`,
          ],
          year,
        ),
      };
    }
    case 'withdrawal-paid': {
      const amount = formatCents(t.amountCents);
      return {
        subject: 'Your withdrawal has been paid',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Your withdrawal of <strong>${escapeHtml(amount)}</strong> by ${escapeHtml(t.methodLabel)} has been approved and paid out.</p><p><a href="${escapeHtml(t.dashboardUrl)}">Open your dashboard</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            `Your withdrawal of ${amount} by ${t.methodLabel} has been approved and paid out.`,
            `Dashboard: ${t.dashboardUrl}`,
          ],
          year,
        ),
      };
    }
    case 'withdrawal-rejected': {
      const amount = formatCents(t.amountCents);
      return {
        subject: 'Your withdrawal was not approved',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Your withdrawal of <strong>${escapeHtml(amount)}</strong> by ${escapeHtml(t.methodLabel)} was not approved; the amount is back in your balance.</p><p>Reason: ${escapeHtml(t.reason)}</p><p><a href="${escapeHtml(t.dashboardUrl)}">Open your dashboard</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            `Your withdrawal of ${amount} by ${t.methodLabel} was not approved; the amount is back in your balance.`,
            `Reason: ${t.reason}`,
            `Dashboard: ${t.dashboardUrl}`,
          ],
          year,
        ),
      };
    }
  }
}
