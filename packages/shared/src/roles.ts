/**
 * Who may do what in the operator's console: one table, read by the server's guards (http/guards.ts)
 * and by the console, which shows only what the signed-in operator's role may use. A member ('user')
 * has no console permission at all.
 */

/** The operators' roles, least privileged last but one: an auditor reads everything and changes nothing. */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Every role an account can have: a member, or an operator. */
export const ROLES = ['user', ...OPERATOR_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** What a console route (or button) needs: `<area>.read` only reads, everything else changes something. */
export const PERMISSIONS = [
  'overview.read',
  'users.read',
  'transactions.read',
  'deposits.read',
  'withdrawals.read',
  'catalogue.read',
  'settings.read',
  'mailbox.read',
  'audit.read',
  'exports.download',
  'users.activate',
  'users.sessions',
  'users.role',
  'balances.adjust',
  'deposits.settle',
  'withdrawals.settle',
  'catalogue.manage',
  'settings.manage',
  'mailbox.resend',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Everything that only reads, and the exports (reads in bulk): what an auditor may do. */
const READS: readonly Permission[] = [...PERMISSIONS.filter((p) => p.endsWith('.read')), 'exports.download'];

export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  finance: [
    'overview.read',
    'users.read',
    'transactions.read',
    'deposits.read',
    'withdrawals.read',
    'catalogue.read',
    'exports.download',
    'balances.adjust',
    'deposits.settle',
    'withdrawals.settle',
  ],
  support: ['overview.read', 'users.read', 'mailbox.read', 'users.activate', 'users.sessions', 'mailbox.resend'],
  auditor: READS,
};

export const isOperatorRole = (role: Role): role is OperatorRole => role !== 'user';

/** Whether `role` may do `permission`; a member may do nothing in the console. */
export function can(role: Role, permission: Permission): boolean {
  return isOperatorRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Whether an operator of `actor`'s role may make a change needing `permission` to an account of
 * `target`'s role: only an owner changes an operator's account (a support operator activates members,
 * never another operator).
 */
export function mayChangeAccount(actor: Role, target: Role, permission: Permission): boolean {
  return can(actor, permission) && (!isOperatorRole(target) || actor === 'owner');
}
