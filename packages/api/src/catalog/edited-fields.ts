import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The edited_fields column with these fields added: each once, sorted, so a repeated edit changes nothing. */
export function withFields(column: AnyPgColumn, fields: readonly string[]): SQL {
  const added = sql.join(
    fields.map((field) => sql`${field}`),
    sql`, `,
  );
  return sql`array(select distinct unnest(${column} || array[${added}]::text[]) order by 1)`;
}
