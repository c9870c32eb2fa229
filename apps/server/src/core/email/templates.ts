export type EmailTemplate =
  | { kind: 'welcome'; name: string; dashboardUrl: string }
  | { kind: 'password-reset'; name: string; resetUrl: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${body}<p style="color:#64748b;font-size:12px">&copy; 2025 Meridian</p></body></html>`;
}

/** Renders a template server-side; every user-supplied value is escaped. */
export function renderEmail(t: EmailTemplate): { subject: string; html: string } {
  switch (t.kind) {
    case 'welcome':
      return {
        subject: 'Welcome to Meridian',
        html: layout(
          `<h1>Welcome, ${escapeHtml(t.name)}</h1><p>Your account has been created. New accounts are activated within 24 hours of registration.</p><p><a href="${escapeHtml(t.dashboardUrl)}">Open your dashboard</a></p>`,
        ),
      };
    case 'password-reset':
      return {
        subject: 'Reset your Meridian password',
        html: layout(
          `<p>Hello ${escapeHtml(t.name)},</p><p>Someone asked to reset the password of your Meridian account. If it was you, <a href="${escapeHtml(t.resetUrl)}">choose a new password</a>. The link expires in one hour.</p><p>If it was not you, ignore this e-mail.</p>`,
        ),
      };
  }
}
