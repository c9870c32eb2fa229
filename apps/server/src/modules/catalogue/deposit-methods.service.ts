import {
  type AdminDepositMethod,
  adminMessages,
  DEPOSIT_METHODS_LIMIT,
  type DepositMethodBody,
} from '@meridian/shared';
import { recordAudit } from '../../core/audit/audit.queries.js';
import { publishToAdmins, publishToEveryone } from '../../core/realtime/publish.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { toAdminMethodDto } from './catalogue.dto.js';
import { lockCatalogue } from './catalogue.queries.js';
import {
  allMethods,
  insertMethod,
  lockMethod,
  type MethodRow,
  methodCount,
  methodIdsLike,
  rewritePositions,
  updateMethod,
} from './deposit-methods.queries.js';
import { slugOf, uniqueSlug } from './slug.js';

/*
 * The operator's deposit methods. A deposit copies its method's label and type when it is filed, so
 * editing a method changes only what users are shown next; a method is deactivated, never deleted.
 * Every change is audited in its transaction and tells open deposit pages to refetch ('catalogue').
 */

/** Path words under /admin/deposit-methods/ that a method's id must not take. */
const RESERVED_IDS = ['order'];

const notFound = () => new AppError('METHOD_NOT_FOUND', adminMessages.methods.notFound);

const shown = (m: Pick<MethodRow, 'label' | 'type' | 'details'>) => ({
  label: m.label,
  type: m.type,
  details: m.details,
});

async function methodChange<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, 'methods');
    return change(tx);
  });
}

async function changed(tx: Db, actor: string, action: string, details: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { actor, action, details });
  // Open deposit pages refetch the methods, and other operators' consoles their list.
  await publishToEveryone(tx, ['catalogue']);
  await publishToAdmins(tx);
}

export async function listAdminMethods(db: Db): Promise<AdminDepositMethod[]> {
  return (await allMethods(db)).map(toAdminMethodDto);
}

/** A new method, last in the order and offered at once; at most DEPOSIT_METHODS_LIMIT in all. */
export function createMethod(db: Db, body: DepositMethodBody, actor: string): Promise<AdminDepositMethod> {
  return methodChange(db, async (tx) => {
    const { count, nextPosition } = await methodCount(tx);
    if (count >= DEPOSIT_METHODS_LIMIT) throw new AppError('TOO_MANY_METHODS', adminMessages.methods.tooMany);
    const base = slugOf(body.label, 'method');
    const id = uniqueSlug(base, await methodIdsLike(tx, base), RESERVED_IDS);
    const row = await insertMethod(tx, id, body, nextPosition);
    await changed(tx, actor, 'deposit-method.create', { methodId: id, after: shown(row) });
    return toAdminMethodDto(row);
  });
}

/** New label, type or details for the next deposits; deposits already filed keep what they copied. */
export function editMethod(db: Db, id: string, body: DepositMethodBody, actor: string): Promise<AdminDepositMethod> {
  return methodChange(db, async (tx) => {
    const before = await lockMethod(tx, id);
    if (!before) throw notFound();
    if (JSON.stringify(shown(before)) === JSON.stringify(shown(body))) return toAdminMethodDto(before);
    const row = await updateMethod(tx, id, { label: body.label, type: body.type, details: body.details });
    await changed(tx, actor, 'deposit-method.update', { methodId: id, before: shown(before), after: shown(row) });
    return toAdminMethodDto(row);
  });
}

/** Offers the method again or stops offering it; the same state again is a no-op. */
export function setMethodActive(db: Db, id: string, active: boolean, actor: string): Promise<AdminDepositMethod> {
  return methodChange(db, async (tx) => {
    const before = await lockMethod(tx, id);
    if (!before) throw notFound();
    if (before.active === active) return toAdminMethodDto(before);
    const row = await updateMethod(tx, id, { active });
    await changed(tx, actor, active ? 'deposit-method.activate' : 'deposit-method.deactivate', {
      methodId: id,
      before: { active: before.active },
      after: { active },
    });
    return toAdminMethodDto(row);
  });
}

/**
 * The new order: `ids` must name every method exactly once (a list made from a stale page is refused
 * rather than half applied); the positions are rewritten in one transaction.
 */
export function reorderMethods(db: Db, ids: string[], actor: string): Promise<AdminDepositMethod[]> {
  return methodChange(db, async (tx) => {
    const current = (await allMethods(tx)).map((m) => m.id);
    const known = new Set(current);
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new AppError('VALIDATION_FAILED', adminMessages.methods.orderMismatch, {
        ids: adminMessages.methods.orderMismatch,
      });
    }
    if (ids.some((id, i) => current[i] !== id)) {
      await rewritePositions(tx, ids);
      await changed(tx, actor, 'deposit-method.reorder', { before: current, after: ids });
    }
    return (await allMethods(tx)).map(toAdminMethodDto);
  });
}
