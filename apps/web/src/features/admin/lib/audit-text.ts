import {
  type AuditEntry,
  type AuditWords,
  adminMessages,
  formatBps,
  formatCents,
  moneyScreenMessages,
  ROLES,
  type Role,
} from '@meridian/shared';

type Details = Record<string, unknown>;
const { says } = adminMessages.audit;

const isRecord = (value: unknown): value is Details =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
const cents = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);
/** `table[key]` only when the table has that key itself: an action or actor such as 'constructor' must not find Object.prototype's. */
const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** 'admin:ops@x.com' -> Admin, ops@x.com; 'cli' -> Command line; 'system:accrual' -> System, accrual. */
export function actorParts(actor: string): { kind: string; name: string } {
  const [prefix = '', ...rest] = actor.split(':');
  const name = rest.join(':');
  const kinds: Record<string, string> = adminMessages.audit.actorKinds;
  if (actor === 'cli') return { kind: kinds.cli ?? actor, name: '' };
  const kind = own(kinds, prefix);
  if (name !== '' && kind) return { kind, name };
  return { kind: '', name: actor };
}

/** The action's name in the filter and the table ('Deposit approved'); an unknown action as written. */
export function actionLabel(action: string): string {
  const labels: Record<string, string> = adminMessages.audit.actionLabels;
  return own(labels, action) ?? action;
}

/** The plan's or method's name wherever the entry keeps it (itself, or its before/after values). */
function subjectName(details: Details): string {
  const { before, after } = details;
  return (
    text(details.name) ??
    text(details.label) ??
    (isRecord(after) ? (text(after.name) ?? text(after.label)) : undefined) ??
    (isRecord(before) ? (text(before.name) ?? text(before.label)) : undefined) ??
    adminMessages.audit.unnamed
  );
}

/** What the entry did, read after its actor: 'approved a deposit of $120.00 for Jane Doe'. */
export function auditSentence(entry: AuditEntry): string {
  const d = entry.details;
  const amountCents = cents(d.amountCents);
  const words: AuditWords = {
    who: entry.targetName ?? entry.targetEmail ?? adminMessages.audit.someone,
    amount: amountCents === undefined ? '' : formatCents(Math.abs(amountCents)),
    name: subjectName(d),
    to: text(d.to) ?? entry.targetEmail ?? adminMessages.audit.someone,
    action: entry.action,
  };
  switch (entry.action) {
    case 'user.role': {
      // The log keeps { before: { role }, after: { role } }; a role it does not know is not named.
      const role = isRecord(d.after) ? d.after.role : undefined;
      return isRole(role) ? adminMessages.audit.madeRole(words, role) : says[entry.action](words);
    }
    case 'balance.adjust':
      if (amountCents === undefined) return says['balance.adjust'](words);
      return amountCents > 0 ? says.credit(words) : says.debit(words);
    case 'export.transactions':
      return entry.targetUserId ? says.exportMemberTransactions(words) : says['export.transactions']();
    default: {
      const phrase = own<(w: AuditWords) => string>(says, entry.action);
      return (phrase ?? says.other)(words);
    }
  }
}

/** 'transferFeeBps' -> 'Transfer fee', 'minDepositCents' -> 'Min deposit'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/(Cents|Bps)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A before or after value as a person reads it: money, percentages, yes/no, a dash for nothing. */
export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    if (key.endsWith('Cents')) return formatCents(value);
    if (key.endsWith('Bps')) return formatBps(value);
    return value.toLocaleString('en-US');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  const json = JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 117)}...` : json;
}

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/**
 * The entry's before -> after values: one line for a status ('pending -> approved'), one per field
 * that changed for a record (settings, a plan), all fields when only one side was kept.
 */
export function auditChanges(entry: AuditEntry): AuditChange[] {
  const { before, after } = entry.details;
  if (before === undefined && after === undefined) return [];
  if (!isRecord(before) && !isRecord(after)) {
    return [{ field: '', before: formatValue('', before), after: formatValue('', after) }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const bothSides = isRecord(before) && isRecord(after);
  return keys
    .filter((key) => !bothSides || JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => ({ field: fieldLabel(key), before: formatValue(key, was[key]), after: formatValue(key, now[key]) }));
}

/** Keys the sentence or the changes already show, or that only a machine needs. */
const SHOWN_ELSEWHERE = new Set(['before', 'after', 'name', 'label', 'to']);

/** The words of each filter value an export can carry (users' status, transactions' category, type, status). */
const FILTER_WORDS: Record<string, Record<string, string>> = {
  status: { ...adminMessages.users.filters, ...adminMessages.transactions.statusLabels },
  category: moneyScreenMessages.categoryLabels,
  type: adminMessages.transactions.typeLabels,
};

/** An export's filters as the screen named them: 'matching “ann”, Inactive'; none: the whole list. */
export function filterWords(filters: unknown): string {
  if (!isRecord(filters)) return adminMessages.audit.noFilters;
  const words = Object.entries(filters).flatMap(([key, value]) => {
    if (typeof value !== 'string' || value === '') return [];
    if (key === 'q') return [adminMessages.audit.matching(value)];
    if (key === 'userId') return [adminMessages.audit.oneMember];
    const words = own(FILTER_WORDS, key);
    return [(words && own(words, value)) ?? value];
  });
  return words.length === 0 ? adminMessages.audit.noFilters : words.join(', ');
}

/** The entry's other facts worth reading (the reason, the amount, an export's filters), as label and value. */
export function auditNotes(entry: AuditEntry): { label: string; value: string }[] {
  return Object.entries(entry.details)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && !key.endsWith('Id') && value !== undefined)
    .map(([key, value]) =>
      key === 'filters'
        ? { label: adminMessages.audit.filtersLabel, value: filterWords(value) }
        : { label: fieldLabel(key), value: formatValue(key, value) },
    );
}
