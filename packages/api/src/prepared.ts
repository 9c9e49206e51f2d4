import { Column, fillPlaceholders, is, SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { keptStatement } from '@stackyard/db/kept-statement';
import type { Executor } from './db.ts';

// The hottest reads (a catalog list's first pages, an item by id, the workspaces list) are built once per
// database handle and shape: their SQL is made once instead of on every request, and the database parses them
// once per connection (a named statement on PostgreSQL, kept by PGlite's thread, kept-statement.ts). On
// PostgreSQL that takes a third off such a query. A transaction builds its statements as usual: a kept
// statement belongs to the handle's connections.

/** A select of flat fields (each a column or an SQL expression), not yet run: what `make` answers. */
interface Select<Row> {
  toSQL(): { sql: string; params: unknown[] };
  execute(values: Record<string, unknown>): Promise<Row[]>;
  readonly _: { readonly selectedFields: Record<string, unknown> };
}

export interface Prepared<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

const statements = new WeakMap<object, Map<string, Prepared<unknown>>>();

/**
 * The statement named `name` on this handle, built from `make`'s select the first time; inside a transaction,
 * `make`'s select run as it is. `name` must say everything that changes the statement's text (sort, which
 * filters are present). Values fill the select's sql.placeholder()s.
 */
export function preparedOn<Row>(db: Executor, name: string, make: () => Select<Row>): Prepared<Row> {
  if (db instanceof PgTransaction) return { execute: (values) => make().execute(values) };
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as Prepared<Row> | undefined;
  if (!statement) {
    statement = prepare(db, name, make());
    byName.set(name, statement);
  }
  return statement;
}

function prepare<Row>(db: Executor, name: string, select: Select<Row>): Prepared<Row> {
  const { sql, params } = select.toSQL();
  const run = keptStatement(db, name, sql);
  const toRow = rowMapper(select._.selectedFields);
  return {
    execute: async (values) => (await run(fillPlaceholders(params, values))).map(toRow) as Row[],
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * A function from a row (its values in select order) to the object Drizzle would answer: each value decoded
 * by its column, or by the decoder an SQL field was given (`.mapWith`), null staying null. Made once per
 * statement, it asks nothing per value of what kind of field it came from: Drizzle's generic mapper did, a
 * tenth of a 50-row list request's time.
 */
function rowMapper(fields: Record<string, unknown>): (row: unknown[]) => Record<string, unknown> {
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => {
    const decoder = decoderOf(fields[key]);
    if (!decoder) throw new Error(`preparedOn: field ${key} is not a column or an SQL expression`);
    // A column's own mapFromDriverValue, unless overridden (dates, numbers from text), passes the value through.
    return decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : decoder;
  });
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) {
      const value = row[index];
      const decoder = decoders[index];
      result[keys[index] as string] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
    }
    return result;
  };
}

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  // An SQL expression's decoder (set by mapWith) is a field Drizzle's own mapper reads; its type omits it.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return null;
}
