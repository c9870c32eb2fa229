import type { DepositMethodBody } from '@meridian/shared';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depositMethods } from '../../db/schema/index.js';

export type MethodRow = typeof depositMethods.$inferSelect;

/** Every method, active or not, in the operator's order (ties: oldest first), as users see the active ones. */
export function allMethods(db: Db): Promise<MethodRow[]> {
  return db
    .select()
    .from(depositMethods)
    .orderBy(asc(depositMethods.position), asc(depositMethods.createdAt), asc(depositMethods.id));
}

export async function lockMethod(tx: Db, id: string): Promise<MethodRow | undefined> {
  const [row] = await tx.select().from(depositMethods).where(eq(depositMethods.id, id)).for('update');
  return row;
}

/** How many methods there are and the position after the last one. */
export async function methodCount(db: Db): Promise<{ count: number; nextPosition: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      nextPosition: sql<number>`COALESCE(max(${depositMethods.position}) + 1, 0)::int`,
    })
    .from(depositMethods);
  return { count: row?.count ?? 0, nextPosition: row?.nextPosition ?? 0 };
}

/** Ids that a new method's slug `base` could collide with: `base` itself and `base-<anything>`. */
export async function methodIdsLike(db: Db, base: string): Promise<Set<string>> {
  // A slug holds only [a-z0-9-]: nothing in it is a LIKE wildcard.
  const found = await db
    .select({ id: depositMethods.id })
    .from(depositMethods)
    .where(or(eq(depositMethods.id, base), sql`${depositMethods.id} LIKE ${`${base}-%`}`));
  return new Set(found.map((r) => r.id));
}

export async function insertMethod(tx: Db, id: string, body: DepositMethodBody, position: number): Promise<MethodRow> {
  const [row] = await tx
    .insert(depositMethods)
    .values({ id, label: body.label, type: body.type, details: body.details, position })
    .returning();
  if (!row) throw new Error('insertMethod: no row');
  return row;
}

export async function updateMethod(
  tx: Db,
  id: string,
  change: Partial<Pick<MethodRow, 'label' | 'type' | 'details' | 'active'>>,
): Promise<MethodRow> {
  const [row] = await tx.update(depositMethods).set(change).where(eq(depositMethods.id, id)).returning();
  if (!row) throw new Error('updateMethod: no row');
  return row;
}

/** Positions 0, 1, 2, ... in the order of `ids`, in one statement. */
export async function rewritePositions(tx: Db, ids: string[]): Promise<void> {
  const list = sql.join(
    ids.map((id) => sql`${id}::text`),
    sql`, `,
  );
  await tx.execute(
    sql`UPDATE deposit_methods AS m SET position = o.n - 1
          FROM unnest(ARRAY[${list}]) WITH ORDINALITY AS o(id, n)
         WHERE m.id = o.id AND m.position IS DISTINCT FROM (o.n - 1)::int`,
  );
}
