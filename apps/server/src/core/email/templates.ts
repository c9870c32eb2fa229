import { formatCents } from '@meridian/shared';

export type EmailTemplate =
  | { kind: 'welcome'; name: string; dashboardUrl: string }
  | { kind: 'password-reset'; name: string; resetUrl: string }
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
    };

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part: the same message, links written out. */
  text: string;
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

/** Renders a template server-side; every interpolated value is escaped in the HTML part. */
export function renderEmail(t: EmailTemplate, now: Date = new Date()): RenderedEmail {
  const year = now.getUTCFullYear();
  switch (t.kind) {
    case 'welcome':
      return {
        subject: 'Welcome to Meridian',
        html: layout(
          `<h1>Welcome, ${escapeHtml(t.name)}</h1><p>Your account has been created. New accounts are activated within 24 hours of registration.</p><p><a href="${escapeHtml(t.dashboardUrl)}">Open your dashboard</a></p>`,
          year,
        ),
        text: textLayout(
          [
            `Welcome, ${t.name}`,
            'Your account has been created. New accounts are activated within 24 hours of registration.',
            `Open your dashboard: ${t.dashboardUrl}`,
          ],
          year,
        ),
      };
    case 'password-reset':
      return {
        subject: 'Reset your Meridian password',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Someone asked to reset the password of your Meridian account. If it was you, <a href="${escapeHtml(t.resetUrl)}">choose a new password</a>. The link expires in one hour.</p><p>If it was not you, ignore this e-mail.</p>`,
          year,
        ),
        text: textLayout(
          [
            `Hello ${t.name},`,
            `Someone asked to reset the password of your Meridian account. If it was you, choose a new password: ${t.resetUrl}`,
            'The link expires in one hour. If it was not you, ignore this e-mail.',
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
  }
}
