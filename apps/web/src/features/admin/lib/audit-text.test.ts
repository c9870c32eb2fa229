import type { AuditEntry } from '@meridian/shared';
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  actorParts,
  auditChanges,
  auditNotes,
  auditSentence,
  fieldLabel,
  filterWords,
  formatValue,
} from './audit-text';

function entry(action: string, details: Record<string, unknown> = {}, target: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    actor: 'admin:ops@meridian.test',
    action,
    targetUserId: 'u1',
    targetName: 'Jane Doe',
    targetEmail: 'jane@example.com',
    details,
    createdAt: '2026-11-27T12:00:00.000Z',
    ...target,
  };
}

describe('actorParts', () => {
  it('reads the actor prefix as a kind and keeps the rest, colons included, as the name', () => {
    expect(actorParts('admin:ops@meridian.test')).toEqual({ kind: 'Admin', name: 'ops@meridian.test' });
    expect(actorParts('system:accrual')).toEqual({ kind: 'System', name: 'accrual' });
    expect(actorParts('admin:a:b')).toEqual({ kind: 'Admin', name: 'a:b' });
    expect(actorParts('cli')).toEqual({ kind: 'Command line', name: '' });
  });

  it('shows an actor it does not know as written, with no kind', () => {
    expect(actorParts('robot:r2')).toEqual({ kind: '', name: 'robot:r2' });
    expect(actorParts('admin:')).toEqual({ kind: '', name: 'admin:' });
    expect(actorParts('test')).toEqual({ kind: '', name: 'test' });
    expect(actorParts('constructor:x')).toEqual({ kind: '', name: 'constructor:x' });
  });
});

describe('actionLabel', () => {
  it('names a known action and leaves an unknown one as written', () => {
    expect(actionLabel('deposit.approve')).toBe('Deposit approved');
    expect(actionLabel('withdrawal.approve')).toBe('Withdrawal paid out');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(actionLabel('constructor')).toBe('constructor');
  });
});

describe('auditSentence', () => {
  it('says what a money decision did, for whom, with the amount as the screens show it', () => {
    expect(auditSentence(entry('deposit.approve', { amountCents: 12_000 }))).toBe(
      'approved a deposit of $120.00 for Jane Doe',
    );
    expect(auditSentence(entry('withdrawal.approve', { amountCents: 123_456_78 }))).toBe(
      'paid out a withdrawal of $123,456.78 to Jane Doe',
    );
    expect(auditSentence(entry('withdrawal.reject', { amountCents: 5 }))).toBe(
      'rejected a withdrawal of $0.05 for Jane Doe',
    );
  });

  it('tells a credit from a debit by the sign of a balance adjustment, and says the amount unsigned', () => {
    expect(auditSentence(entry('balance.adjust', { amountCents: 2_500 }))).toBe("added $25.00 to Jane Doe's balance");
    expect(auditSentence(entry('balance.adjust', { amountCents: -1_250 }))).toBe("took $12.50 from Jane Doe's balance");
    // An amount that is not whole cents is not made up: the adjustment is named without one.
    expect(auditSentence(entry('balance.adjust', { amountCents: 1.5 }))).toBe("adjusted Jane Doe's balance");
    expect(auditSentence(entry('balance.adjust', { amountCents: '2500' }))).toBe("adjusted Jane Doe's balance");
  });

  it('says which role a change gave, as the log records it', () => {
    const change = (before: string, after: string) => ({ before: { role: before }, after: { role: after } });
    expect(auditSentence(entry('user.role', change('user', 'owner')))).toBe('made Jane Doe an owner');
    expect(auditSentence(entry('user.role', change('owner', 'finance')))).toBe('made Jane Doe a finance operator');
    expect(auditSentence(entry('user.role', change('user', 'support')))).toBe('made Jane Doe a support operator');
    expect(auditSentence(entry('user.role', change('finance', 'auditor')))).toBe('made Jane Doe an auditor');
    expect(auditSentence(entry('user.role', change('owner', 'user')))).toBe('made Jane Doe a member');
    // A role the log does not know (the old 'admin', say) is not named.
    expect(auditSentence(entry('user.role', change('user', 'admin')))).toBe("changed Jane Doe's role");
    expect(auditSentence(entry('user.role', { after: 'auditor' }))).toBe("changed Jane Doe's role");
  });

  it('names the member by name, else by e-mail, else as a member', () => {
    const activate = (target: Partial<AuditEntry>) => auditSentence(entry('user.activate', {}, target));
    expect(activate({})).toBe("activated Jane Doe's account");
    expect(activate({ targetName: null })).toBe("activated jane@example.com's account");
    expect(activate({ targetName: null, targetEmail: null })).toBe("activated a member's account");
  });

  it("names a plan or method from the entry, its after or its before values, else '(unnamed)'", () => {
    expect(auditSentence(entry('plan.create', { name: 'Gold' }))).toBe('created the plan Gold');
    expect(auditSentence(entry('plan.update', { before: { name: 'Old' }, after: { name: 'New' } }))).toBe(
      'edited the plan New',
    );
    expect(auditSentence(entry('plan.delete', { before: { name: 'Gone' } }))).toBe('deleted the plan Gone');
    expect(auditSentence(entry('deposit-method.update', { after: { label: 'PayPal' } }))).toBe(
      'edited the deposit method PayPal',
    );
    expect(auditSentence(entry('plan.activate', { name: '' }))).toBe('activated the plan (unnamed)');
  });

  it("tells a member's export from the whole list's, and a resent mail by its address", () => {
    expect(auditSentence(entry('export.transactions'))).toBe("exported Jane Doe's transactions as CSV");
    expect(auditSentence(entry('export.transactions', {}, { targetUserId: null }))).toBe(
      'exported the transactions as CSV',
    );
    expect(auditSentence(entry('mail.resend', { to: 'x@example.com' }))).toBe('resent an e-mail to x@example.com');
    expect(auditSentence(entry('mail.resend'))).toBe('resent an e-mail to jane@example.com');
  });

  it('says an action it has no words for as its code', () => {
    expect(auditSentence(entry('kyc.verify'))).toBe('did kyc.verify for Jane Doe');
    expect(auditSentence(entry('toString'))).toBe('did toString for Jane Doe');
  });
});

describe('fieldLabel and formatValue', () => {
  it('reads a field key as words, without its unit suffix', () => {
    expect(fieldLabel('transferFeeBps')).toBe('Transfer fee');
    expect(fieldLabel('minDepositCents')).toBe('Min deposit');
    expect(fieldLabel('reason')).toBe('Reason');
    expect(fieldLabel('durationDays')).toBe('Duration days');
  });

  it('shows a value by its key: money, percentages, counts, yes/no, a dash for nothing', () => {
    expect(formatValue('minDepositCents', 10_000)).toBe('$100.00');
    expect(formatValue('transferFeeBps', 250)).toBe('2.5%');
    expect(formatValue('durationDays', 3650)).toBe('3,650');
    expect(formatValue('active', true)).toBe('Yes');
    expect(formatValue('active', false)).toBe('No');
    for (const nothing of [null, undefined, '']) expect(formatValue('reason', nothing)).toBe('—');
    expect(formatValue('reason', 'Duplicate')).toBe('Duplicate');
    // A number that is not a safe integer is not read as money.
    expect(formatValue('amountCents', 1.5)).toBe('1.5');
  });

  it('cuts a long structured value to 120 characters', () => {
    const long = formatValue(
      'order',
      Array.from({ length: 40 }, (_, i) => `method-${i}`),
    );
    expect(long).toHaveLength(120);
    expect(long.endsWith('...')).toBe(true);
    expect(formatValue('order', ['a', 'b'])).toBe('["a","b"]');
  });
});

describe('auditChanges', () => {
  it('is empty when the entry kept no before or after', () => {
    expect(auditChanges(entry('user.activate'))).toEqual([]);
  });

  it('is one line for a status', () => {
    expect(auditChanges(entry('deposit.approve', { before: 'pending', after: 'approved' }))).toEqual([
      { field: '', before: 'pending', after: 'approved' },
    ]);
  });

  it('lists only the fields that changed when both sides were kept', () => {
    const changes = auditChanges(
      entry('settings.update', {
        before: { transferFeeBps: 200, minDepositCents: 10_000, supportEmail: 'a@x.com' },
        after: { transferFeeBps: 250, minDepositCents: 10_000, supportEmail: 'b@x.com' },
      }),
    );
    expect(changes).toEqual([
      { field: 'Transfer fee', before: '2%', after: '2.5%' },
      { field: 'Support email', before: 'a@x.com', after: 'b@x.com' },
    ]);
  });

  it('lists every field, with a dash on the missing side, when only one side was kept', () => {
    expect(auditChanges(entry('plan.create', { after: { name: 'Gold', minCents: 500_000 } }))).toEqual([
      { field: 'Name', before: '—', after: 'Gold' },
      { field: 'Min', before: '—', after: '$5,000.00' },
    ]);
  });
});

describe('filterWords and auditNotes', () => {
  it("says an export's filters as the screen named them", () => {
    expect(filterWords({ q: 'ann', status: 'inactive' })).toBe('matching “ann”, Inactive');
    expect(filterWords({ category: 'transfer', type: 'debit', status: 'pending' })).toBe('Transfers, Debit, Pending');
    expect(filterWords({ userId: 'u1' })).toBe('one member');
    expect(filterWords({ status: 'unheard-of' })).toBe('unheard-of');
    expect(filterWords({ status: 'constructor', category: 'toString' })).toBe('constructor, toString');
  });

  it('says the whole list when there is no filter', () => {
    for (const none of [undefined, null, 'q=ann', {}, { q: '' }, { status: 3 }]) {
      expect(filterWords(none), JSON.stringify(none)).toBe('none (the whole list)');
    }
  });

  it('lists the facts the sentence and the changes do not show, ids and names left out', () => {
    const notes = auditNotes(
      entry('balance.adjust', {
        amountCents: -1_250,
        reason: 'Chargeback',
        transactionId: 'tx1',
        name: 'shown in the sentence',
        before: 1,
        after: 2,
        skipped: undefined,
      }),
    );
    expect(notes).toEqual([
      { label: 'Amount', value: '-$12.50' },
      { label: 'Reason', value: 'Chargeback' },
    ]);
    expect(auditNotes(entry('export.users', { filters: { status: 'active' } }))).toEqual([
      { label: 'Filters', value: 'Active' },
    ]);
  });
});
