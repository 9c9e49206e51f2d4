import { sql, type SQL } from 'drizzle-orm';
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A row's owner (its workspace, identity, …): required, and deleting the owner deletes the row. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/** A check that a text column holds one of the values contracts allows, so the list is written once. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
