import type { Pool, QueryArrayConfig } from 'pg';
import type { Database } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';

// The types Drizzle's drivers leave as the text PostgreSQL sent, for the columns' mapFromDriverValue to
// decode: timestamp, timestamptz, date, interval, and the arrays of numeric, timestamp, timestamptz, interval
// and date. Rows read beside Drizzle must arrive the same, or a timestamp column would decode a Date.
const TEXT_TYPES = [1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;

/** Runs the statement with these parameters and answers its rows as arrays, values in select order. */
export type RunStatement = (params: unknown[]) => Promise<unknown[][]>;

/**
 * `text` run on the database's own connections as a statement the server parses once: a named statement
 * on PostgreSQL (once per connection), one PGlite's thread keeps (pglite-statements.ts). `name` must be
 * the same for the same text and differ for any other.
 */
export function keptStatement(db: Database, name: string, text: string): RunStatement {
  // drizzle() answers the client it was made with as $client; the shared Database type does not name it.
  const client = (db as unknown as { $client: Pool | PgliteThread }).$client;
  if (client instanceof PgliteThread) {
    const options = {
      rowMode: 'array' as const,
      parsers: Object.fromEntries(TEXT_TYPES.map((type) => [type, keepText])),
      keepStatement: true,
    };
    return async (params) => (await client.query<unknown[]>(text, params, options)).rows;
  }
  let types: QueryArrayConfig['types'] | undefined;
  return async (values) => {
    types ??= await textKeepingTypes();
    return (await client.query({ name, text, values, rowMode: 'array', types })).rows;
  };
}

// Loaded on the first query: a PGlite deployment does not load node-postgres.
async function textKeepingTypes(): Promise<QueryArrayConfig['types']> {
  const { default: pg } = await import('pg');
  return {
    // pg declares getTypeParser as overloads (one per format) that a single arrow function cannot be typed as.
    getTypeParser: ((type: number, format?: 'text' | 'binary') =>
      TEXT_TYPES.includes(type) ? keepText : pg.types.getTypeParser(type, format)) as never,
  };
}
