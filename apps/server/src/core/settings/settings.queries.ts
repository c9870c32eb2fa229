import type { Settings, SettingsBody } from '@meridian/shared';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { recordAudit } from '../audit/audit.queries.js';
import { publishToEveryone } from '../realtime/publish.js';

/** The NOTIFY channel that tells every node to read the settings again. */
export const SETTINGS_CHANNEL = 'meridian_settings';

type SettingsRow = typeof settings.$inferSelect;

function toSettings(row: SettingsRow): Settings {
  return {
    transferFeeBps: row.transferFeeBps,
    referralBonusCents: row.referralBonusCents,
    securityDepositBps: row.securityDepositBps,
    minDepositCents: row.minDepositCents,
    minWithdrawalCents: row.minWithdrawalCents,
    supportEmail: row.supportEmail,
    supportChatUrl: row.supportChatUrl,
    operatorEmail: row.operatorEmail,
    autoActivateAfterHours: row.autoActivateAfterHours,
    consoleIdleMinutes: row.consoleIdleMinutes,
    fourEyesThresholdCents: row.fourEyesThresholdCents,
  };
}

/** The settings as stored now (the migration writes the row, so there always is one). */
export async function readSettings(db: Db): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, true));
  if (!row) throw new Error('settings: the settings row is missing (was migration 0014 applied?)');
  return toSettings(row);
}

/**
 * The four-eyes threshold as committed now, read inside the deciding transaction rather than from a
 * node's snapshot, so an approval never goes by a threshold another node has already changed.
 */
export async function fourEyesThresholdCents(tx: Db): Promise<number> {
  const [row] = await tx.select({ cents: settings.fourEyesThresholdCents }).from(settings).where(eq(settings.id, true));
  if (!row) throw new Error('settings: the settings row is missing');
  return row.cents;
}

/**
 * Copies the environment's values (SUPPORT_EMAIL, SECURITY_DEPOSIT_PERCENT, ...) into the settings
 * until an operator has saved them once: from then on the console's values win. Safe on every node.
 */
export async function adoptEnvironmentSettings(db: Db, initial: Settings): Promise<void> {
  await db
    .update(settings)
    .set({ ...initial, updatedAt: sql`now()` })
    .where(isNull(settings.updatedBy));
}

/**
 * Saves every setting in one transaction with its audit entry (before and after, the changed keys
 * only), tells every node to read them again, and every open page that the public settings changed.
 */
export async function saveSettings(tx: Db, next: SettingsBody, actor: string): Promise<Settings> {
  const [locked] = await tx.select().from(settings).where(eq(settings.id, true)).for('update');
  if (!locked) throw new Error('settings: the settings row is missing');
  const before = toSettings(locked);
  const [row] = await tx
    .update(settings)
    .set({ ...next, updatedBy: actor, updatedAt: sql`now()` })
    .where(eq(settings.id, true))
    .returning();
  if (!row) throw new Error('settings: the settings row is missing');
  const after = toSettings(row);
  const changed = (Object.keys(after) as (keyof Settings)[]).filter((k) => before[k] !== after[k]);
  await recordAudit(tx, {
    actor,
    action: 'settings.update',
    details: {
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    },
  });
  await tx.execute(sql`SELECT pg_notify(${SETTINGS_CHANNEL}, '')`);
  await publishToEveryone(tx, ['config']);
  return after;
}
