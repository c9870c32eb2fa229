/**
 * The OpenAPI document's tags: one per feature, in the order a reader meets them. Every operation
 * names one of these (openapi.test.ts checks it), so a generated client groups its calls the same way.
 */
export const API_TAGS = [
  {
    name: 'auth',
    description: 'Sign-up, sign-in, sign-out and passwords (Better Auth, behind Meridian’s own schemas).',
  },
  { name: 'system', description: 'Health check and the settings a visitor needs before signing in.' },
  { name: 'profile', description: 'The signed-in person’s account and profile.' },
  { name: 'sessions', description: 'The signed-in person’s sessions on other devices.' },
  { name: 'wallet', description: 'The dashboard’s figures, from the books, in cents.' },
  { name: 'plans', description: 'The investment plans on offer.' },
  { name: 'investments', description: 'Investing in a plan, claiming profit, ending an investment.' },
  { name: 'transfers', description: 'Sending money to another member (2% fee, at least 1 cent).' },
  { name: 'transactions', description: 'The member’s history of credits and debits.' },
  { name: 'deposits', description: 'Deposit methods and filing a deposit with its receipt.' },
  { name: 'receipts', description: 'A deposit’s receipt file, for its owner and admins only.' },
  { name: 'withdrawals', description: 'Withdrawing with an e-mailed one-time code, and saved payout details.' },
  { name: 'referrals', description: 'The people a member referred, and moving bonuses to the balance.' },
  { name: 'admin-overview', description: 'Operator console: the platform at a glance.' },
  { name: 'admin-users', description: 'Operator console: members, activation, roles and balance adjustments.' },
  { name: 'admin-transactions', description: 'Operator console: every member’s transactions.' },
  { name: 'admin-deposits', description: 'Operator console: the queue of deposits to approve or reject.' },
  { name: 'admin-withdrawals', description: 'Operator console: the queue of withdrawals to approve or reject.' },
  { name: 'admin-plans', description: 'Operator console: creating and editing investment plans.' },
  { name: 'admin-deposit-methods', description: 'Operator console: the deposit methods members choose from.' },
  { name: 'admin-settings', description: 'Operator console: fee, bonus, minimums, support links and the like.' },
  { name: 'admin-mailbox', description: 'Operator console: the e-mail outbox, and resending a failed message.' },
  { name: 'admin-audit', description: 'Operator console: the append-only log of every operator action.' },
  { name: 'admin-exports', description: 'Operator console: CSV downloads, streamed.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];
