import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.js';

/**
 * A named SQL statement for the hot paths (session lookup, transfer). node-postgres prepares it once
 * per pooled connection and then sends only its parameters, skipping parse and plan on every call,
 * and no query builder runs in between. Everywhere else Drizzle's builder is the better trade.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export function prepared(name: string, text: string): PreparedStatement {
  return { name, text };
}

/**
 * Runs a prepared statement as its own transaction (autocommit) and returns its rows. It takes the
 * root database handle only: inside a Drizzle transaction it would run on another connection, so a
 * transaction handle is refused rather than silently escaped.
 */
export async function runPrepared<T>(db: Db, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  const client = (db as { $client?: pg.Pool | PGlite }).$client;
  if (!client) throw new Error(`${statement.name}: prepared statements run on the root database handle only`);
  if (client instanceof pg.Pool) {
    const result = await client.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values });
    return result.rows;
  }
  const result = await client.query<T>(statement.text, values);
  return result.rows;
}
