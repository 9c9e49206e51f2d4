import { Column, fillPlaceholders, getTableName, is, SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { keptStatement } from '@stackyard/db/kept-statement';
import type { Executor } from './db.ts';

// The hottest reads (a catalog list's first pages, an item by id, the workspaces list) are built once per
// database handle and shape: their SQL is made once instead of on every request, and the database parses them
// once per connection (a named statement on PostgreSQL, kept by PGlite's thread, kept-statement.ts). On
// PostgreSQL that takes a third off such a query. A transaction builds its statements as usual: a kept
// statement belongs to the handle's connections.

/**
 * A select not yet run: what `make` answers. Its fields are columns and SQL expressions, or objects of them
 * (a row in the API's shape), but no whole table.
 */
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
  const toRow = rowMapper(select._.selectedFields, nullableTables(select));
  return {
    execute: async (values) => (await run(fillPlaceholders(params, values))).map(toRow) as Row[],
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** One step of making a row: open a nested object in `parent`, or set a value there from the row. */
type Step =
  | { kind: 'object'; parent: number; key: string; object: number }
  | { kind: 'value'; parent: number; key: string; column: number; decoder: Decoder | null };

/**
 * A function from a row (its values in select order) to the object Drizzle would answer: each value decoded
 * by its column, or by the decoder an SQL field was given (`.mapWith`), null staying null, nested objects
 * made in the order of their fields. Made once per statement, it asks nothing per value of what kind of field
 * it came from: Drizzle's generic mapper did, a tenth of a 50-row list request's time.
 */
function rowMapper(
  fields: Record<string, unknown>,
  nullable: ReadonlySet<string>,
): (row: unknown[]) => Record<string, unknown> {
  const steps: Step[] = [];
  let objects = 1;
  let columns = 0;
  const walk = (selection: Record<string, unknown>, parent: number, path: string) => {
    for (const [key, field] of Object.entries(selection)) {
      const decoder = decoderOf(field);
      if (decoder) {
        // Drizzle answers null for a nested object whose columns of a left-joined table are null; made here,
        // the object would not be null. Such a selection is refused rather than answered differently.
        if (parent !== 0 && is(field, Column) && nullable.has(getTableName(field.table)))
          throw new Error(`preparedOn: field ${path}${key} is a left-joined column in a nested object`);
        // A column's own mapFromDriverValue, unless overridden (dates, numbers from text), passes the value through.
        const own = decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;
        steps.push({ kind: 'value', parent, key, column: columns++, decoder: own ? null : decoder });
      } else if (isPlainObject(field)) {
        const object = objects++;
        steps.push({ kind: 'object', parent, key, object });
        walk(field, object, `${path}${key}.`);
      } else {
        throw new Error(
          `preparedOn: field ${path}${key} is not a column, an SQL expression or an object of them`,
        );
      }
    }
  };
  walk(fields, 0, '');
  return (row) => {
    const made: Array<Record<string, unknown>> = [{}];
    for (const step of steps) {
      const parent = made[step.parent] as Record<string, unknown>;
      if (step.kind === 'object') {
        const object = {};
        made[step.object] = object;
        parent[step.key] = object;
      } else {
        const value = row[step.column];
        parent[step.key] = value === null || !step.decoder ? value : step.decoder.mapFromDriverValue(value);
      }
    }
    return made[0] as Record<string, unknown>;
  };
}

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  // An SQL expression's decoder (set by mapWith) is a field Drizzle's own mapper reads; its type omits it.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return null;
}

function isPlainObject(field: unknown): field is Record<string, unknown> {
  return typeof field === 'object' && field !== null && Object.getPrototypeOf(field) === Object.prototype;
}

/** The tables a select joins so that their columns may be null (a left join); Drizzle's map of them. */
function nullableTables(select: object): Set<string> {
  const joins = (select as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap ?? {};
  return new Set(Object.keys(joins).filter((table) => !joins[table]));
}
