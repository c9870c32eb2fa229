import { describe, expect, it } from 'vitest';
import { adminMessages, messages, moneyMessages } from '../messages.js';
import type { AdminPlan } from './admin.js';
import {
  planFormSchema,
  planFormValues,
  settingsChanges,
  settingsFormSchema,
  settingsFormValues,
} from './admin-forms.js';
import { DEFAULT_SETTINGS } from './settings.js';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

const plan: AdminPlan = {
  id: 'p1',
  name: 'Gold',
  minCents: 50_000,
  maxCents: 1_000_050,
  durationDays: 30,
  profitBps: 1_250,
  minRoiBps: 1_000,
  maxRoiBps: 1_501,
  active: true,
  activeInvestments: 2,
  totalInvestments: 5,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('planFormSchema', () => {
  it('reads dollars, percent and days into the body exactly, without float drift', () => {
    const parsed = planFormSchema.parse({
      name: ' Gold ',
      minCents: '0.29',
      maxCents: '1,000.10',
      profitBps: '1.1',
      durationDays: '30',
      minRoiBps: '0',
      maxRoiBps: '0.57',
    });
    expect(parsed).toEqual({
      name: 'Gold',
      minCents: 29,
      maxCents: 100_010,
      profitBps: 110,
      durationDays: 30,
      minRoiBps: 0,
      maxRoiBps: 57,
    });
  });

  it('round-trips a stored plan through the form values unchanged', () => {
    const { id, active, activeInvestments, totalInvestments, createdAt, ...body } = plan;
    expect(planFormSchema.parse(planFormValues(plan))).toEqual(body);
  });

  it('says what is wrong with each typed value under its own field', () => {
    const result = planFormSchema.safeParse({
      name: 'Gold',
      minCents: '',
      maxCents: '10.001',
      profitBps: 'ten',
      durationDays: '7.5',
      minRoiBps: '1.234',
      maxRoiBps: '5',
    });
    expect(issues(result)).toEqual([
      ['minCents', adminMessages.plans.amountInvalid],
      ['maxCents', moneyMessages.tooManyDecimals],
      ['profitBps', adminMessages.units.percentInvalid],
      ['durationDays', adminMessages.plans.durationInvalid],
      ['minRoiBps', adminMessages.units.percentPrecision],
    ]);
  });

  it('applies the body schema bounds and cross-checks once every value reads', () => {
    const result = planFormSchema.safeParse({
      ...planFormValues(plan),
      name: '  ',
      minCents: '500',
      maxCents: '100',
      profitBps: '0',
      durationDays: '3651',
    });
    expect(issues(result)).toEqual([
      ['name', adminMessages.plans.nameRequired],
      ['profitBps', adminMessages.plans.profitInvalid],
      ['durationDays', adminMessages.plans.durationInvalid],
      ['minCents', adminMessages.plans.minAboveMax],
    ]);
  });
});

describe('settingsFormSchema', () => {
  const values = settingsFormValues({ ...DEFAULT_SETTINGS, autoActivateAfterHours: 24 });

  it('round-trips the stored settings through the form values unchanged', () => {
    const stored = { ...DEFAULT_SETTINGS, autoActivateAfterHours: 24 };
    expect(settingsFormSchema.parse(values)).toEqual(stored);
    expect(settingsFormSchema.parse(settingsFormValues(DEFAULT_SETTINGS))).toEqual(DEFAULT_SETTINGS);
  });

  it('reads percent to basis points and dollars to cents, a $0 bonus included', () => {
    const parsed = settingsFormSchema.parse({
      ...values,
      transferFeeBps: '2.35',
      securityDepositBps: '12.5',
      referralBonusCents: '0',
      minDepositCents: '100.10',
    });
    expect(parsed).toMatchObject({
      transferFeeBps: 235,
      securityDepositBps: 1_250,
      referralBonusCents: 0,
      minDepositCents: 10_010,
    });
  });

  it('ignores the hours while auto-activation is off, and requires them while it is on', () => {
    expect(
      settingsFormSchema.parse({ ...values, autoActivate: 'off', autoActivateAfterHours: 'x' }).autoActivateAfterHours,
    ).toBeNull();
    expect(
      issues(settingsFormSchema.safeParse({ ...values, autoActivate: 'after', autoActivateAfterHours: '' })),
    ).toEqual([['autoActivateAfterHours', adminMessages.settings.autoActivateInvalid]]);
    expect(
      issues(settingsFormSchema.safeParse({ ...values, autoActivate: 'after', autoActivateAfterHours: '8761' })),
    ).toEqual([['autoActivateAfterHours', adminMessages.settings.autoActivateInvalid]]);
  });

  it('refuses values past the bounds with the server schema messages', () => {
    const result = settingsFormSchema.safeParse({
      ...values,
      transferFeeBps: '50.01',
      minWithdrawalCents: '0',
      supportEmail: 'nobody',
      supportChatUrl: 'javascript:alert(1)',
    });
    expect(issues(result)).toEqual([['minWithdrawalCents', adminMessages.settings.minimumInvalid]]);
    const second = settingsFormSchema.safeParse({
      ...values,
      transferFeeBps: '50.01',
      supportEmail: 'nobody',
      supportChatUrl: 'javascript:alert(1)',
    });
    expect(issues(second)).toEqual([
      ['transferFeeBps', adminMessages.settings.transferFeeInvalid],
      ['supportEmail', messages.invalidEmail],
      ['supportChatUrl', adminMessages.settings.chatUrlInvalid],
    ]);
  });
});

describe('settingsFormSchema: the console sign-out', () => {
  const values = settingsFormValues(DEFAULT_SETTINGS);

  it('reads whole minutes from 5 to 480, and refuses anything else with its message', () => {
    expect(settingsFormSchema.parse({ ...values, consoleIdleMinutes: ' 45 ' }).consoleIdleMinutes).toBe(45);
    for (const typed of ['', '4', '481', '7.5', 'x']) {
      expect(issues(settingsFormSchema.safeParse({ ...values, consoleIdleMinutes: typed })), typed).toEqual([
        ['consoleIdleMinutes', adminMessages.settings.consoleIdleInvalid],
      ]);
    }
  });

  it('marks the minutes and the hours at once when neither reads', () => {
    expect(
      issues(
        settingsFormSchema.safeParse({
          ...values,
          consoleIdleMinutes: 'x',
          autoActivate: 'after',
          autoActivateAfterHours: '',
        }),
      ),
    ).toEqual([
      ['consoleIdleMinutes', adminMessages.settings.consoleIdleInvalid],
      ['autoActivateAfterHours', adminMessages.settings.autoActivateInvalid],
    ]);
  });

  it('lists a change of the minutes as minutes, and a value that does not read yet as such', () => {
    expect(settingsChanges(DEFAULT_SETTINGS, { ...values, consoleIdleMinutes: '45' })).toEqual([
      { key: 'consoleIdleMinutes', label: 'Console sign-out after', from: '30 minutes', to: '45 minutes' },
    ]);
    expect(settingsChanges(DEFAULT_SETTINGS, { ...values, consoleIdleMinutes: '4.5' })).toEqual([
      {
        key: 'consoleIdleMinutes',
        label: 'Console sign-out after',
        from: '30 minutes',
        to: adminMessages.settings.notReadable('4.5'),
      },
    ]);
  });
});

describe('settingsFormSchema: the four-eyes threshold', () => {
  const values = settingsFormValues(DEFAULT_SETTINGS);

  it('shows $10,000 by default, reads dollars to cents, and refuses nothing or $0 with its message', () => {
    expect(values.fourEyesThresholdCents).toBe('10000');
    expect(settingsFormSchema.parse({ ...values, fourEyesThresholdCents: '2,500' }).fourEyesThresholdCents).toBe(
      250_000,
    );
    for (const typed of ['', '0']) {
      expect(issues(settingsFormSchema.safeParse({ ...values, fourEyesThresholdCents: typed })), typed).toEqual([
        ['fourEyesThresholdCents', adminMessages.settings.fourEyesInvalid],
      ]);
    }
  });

  it('lists a change of the threshold in dollars', () => {
    expect(settingsChanges(DEFAULT_SETTINGS, { ...values, fourEyesThresholdCents: '2500' })).toEqual([
      { key: 'fourEyesThresholdCents', label: 'Second approval from', from: '$10,000.00', to: '$2,500.00' },
    ]);
  });
});

describe('settingsChanges', () => {
  const saved = { ...DEFAULT_SETTINGS, transferFeeBps: 200, autoActivateAfterHours: null };

  it('lists nothing for the stored values, however they are typed', () => {
    expect(settingsChanges(saved, settingsFormValues(saved))).toEqual([]);
    expect(
      settingsChanges(saved, {
        ...settingsFormValues(saved),
        transferFeeBps: '2.00',
        supportEmail: ` ${saved.supportEmail} `,
      }),
    ).toEqual([]);
  });

  it('lists each change as it would be stored, before and after', () => {
    const changes = settingsChanges(saved, {
      ...settingsFormValues(saved),
      transferFeeBps: '2.50',
      referralBonusCents: '0',
      autoActivate: 'after',
      autoActivateAfterHours: '1',
    });
    expect(changes).toEqual([
      { key: 'transferFeeBps', label: 'Transfer fee', from: '2%', to: '2.5%' },
      { key: 'referralBonusCents', label: 'Referral bonus', from: '$50.00', to: '$0.00' },
      { key: 'autoActivateAfterHours', label: 'Auto-activation', from: 'Off', to: 'After 1 hour' },
    ]);
  });

  it('marks a value that does not read yet instead of guessing it', () => {
    const changes = settingsChanges(saved, { ...settingsFormValues(saved), minDepositCents: '12.345' });
    expect(changes).toEqual([
      {
        key: 'minDepositCents',
        label: 'Minimum deposit',
        from: '$100.00',
        to: adminMessages.settings.notReadable('12.345'),
      },
    ]);
  });
});
