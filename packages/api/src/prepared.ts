import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './db.ts';

// The hottest reads (a catalog list's first pages, an item by id, the workspaces list) are prepared once per
// database handle and shape: Drizzle builds their SQL once instead of on every request, and PostgreSQL
// parses them once per connection (a named statement). On PostgreSQL that took a third off such a query
// (issue 20). A transaction builds its statements as usual: a prepared statement belongs to the handle.

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

const statements = new WeakMap<object, Map<string, Prepared>>();

/**
 * The statement named `name` on this handle, made by `make` the first time; null inside a transaction.
 * `name` must say everything that changes the statement's text (sort, which filters are present).
 */
export function preparedOn<T extends Prepared>(db: Executor, name: string, make: () => T): T | null {
  if (db instanceof PgTransaction) return null;
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = make();
    byName.set(name, statement);
  }
  return statement;
}
