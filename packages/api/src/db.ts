import { sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '@stackyard/db/client';

/** A transaction is a Database too, so repositories take either. */
export type Executor = Database;

/** Runs `work` in one transaction: everything it writes lands together or not at all. */
export function inTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** PostgreSQL's unique_violation, whether the driver's error is thrown as is or wrapped by Drizzle. */
/**
 * Statements of one transaction that need no answer of each other, sent at once (PGlite's thread runs each as
 * soon as the one before is done; PostgreSQL's client queues them). Unlike Promise.all it waits for every one
 * before it fails with the first error, so no statement is sent after the transaction has ended.
 */
export async function together<T extends readonly unknown[] | []>(
  work: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(work);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** PostgreSQL's limit on one statement's bind parameters (a 16-bit count in the wire protocol). */
export const MAX_PARAMETERS = 65_535;

/**
 * Splits rows of a multi-row statement so each part binds at most MAX_PARAMETERS, `perRow` for each row
 * and `extra` for the rest of the statement: a file may bring any number of rows.
 */
export function batchesOf<T>(rows: readonly T[], perRow: number, extra = 0): T[][] {
  const size = Math.max(1, Math.floor((MAX_PARAMETERS - extra) / perRow));
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

export function iso(date: Date): string {
  return date.toISOString();
}

/**
 * A timestamp column selected as the API writes it (what iso() makes of it, milliseconds and Z), formatted by
 * the database: in a list, parsing each value into a Date and formatting it again cost a tenth of a request.
 */
export function isoText(column: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A nullable timestamp column, as isoText writes it; NULL stays null. */
export function isoTextOrNull(column: SQL | { getSQL(): SQL }): SQL<string | null> {
  return sql<string | null>`${isoText(column)}`;
}

/**
 * A selected object that holds objects: Drizzle's select maps nested objects at any depth (so does
 * preparedOn), but its types stop at one level, so the object is typed as one field of the row it makes.
 */
export function nested<Fields extends Record<string, unknown>>(
  fields: Fields,
): SQL<SelectResultFields<Fields>> {
  return fields as unknown as SQL<SelectResultFields<Fields>>;
}
