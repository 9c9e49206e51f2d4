import { Column, entityKind, is, SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { ThreadQueryOptions } from '@stackyard/db/pglite-thread';
import type { Executor } from './db.ts';

// The hottest reads (a catalog list's first pages, an item by id, the workspaces list) are prepared once per
// database handle and shape: Drizzle builds their SQL once instead of on every request, and PostgreSQL
// parses them once per connection (a named statement), PGlite once per database (its thread keeps them,
// packages/db/src/pglite-statements.ts). On PostgreSQL that takes a third off such a query. A
// transaction builds its statements as usual: a prepared statement belongs to the handle.

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
    mapRowsDirectly(statement);
    keepOnPglite(statement);
    byName.set(name, statement);
  }
  return statement;
}

/**
 * On PGlite, Drizzle's prepared statement only keeps its SQL; its queries ask the database's thread to keep
 * the statement parsed too (pglite-statements.ts), as node-postgres keeps a named one on PostgreSQL.
 */
function keepOnPglite(statement: object): void {
  const kind = (statement.constructor as { [entityKind]?: string })[entityKind];
  if (kind !== 'PglitePreparedQuery') return;
  const configs = statement as { queryConfig: ThreadQueryOptions; rawQueryConfig: ThreadQueryOptions };
  configs.queryConfig = { ...configs.queryConfig, keepStatement: true };
  configs.rawQueryConfig = { ...configs.rawQueryConfig, keepStatement: true };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Drizzle turns each row (an array) into an object with a generic mapper that asks, for every value of every
 * row, what kind of field it came from: a tenth of a 50-row list request's time. A prepared statement's fields
 * are known when it is made, so its rows are mapped by a function made for them once. Only flat selections
 * (no nested objects, whose left-joined nulls Drizzle folds) are taken; any other keeps Drizzle's mapper.
 */
function mapRowsDirectly(statement: object): void {
  const fields = (statement as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return;
  const keys: string[] = [];
  const decoders: Array<Decoder | null> = [];
  for (const { path, field } of fields as Array<{ path: string[]; field: unknown }>) {
    // An SQL field's decoder is internal to Drizzle's types, not to its objects.
    const decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? (field as unknown as { decoder?: Decoder }).decoder
        : null;
    const key = path[0];
    if (path.length !== 1 || key === undefined || !decoder) return;
    keys.push(key);
    // A column's own mapFromDriverValue, unless overridden (dates, numbers from text), passes the value through.
    decoders.push(decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : decoder);
  }
  (statement as { customResultMapper?: unknown }).customResultMapper = (rows: unknown[][]) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = row[index];
        const decoder = decoders[index];
        result[keys[index] as string] =
          value === null || !decoder ? value : decoder.mapFromDriverValue(value);
      }
      return result;
    });
}
