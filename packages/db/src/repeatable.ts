import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { repeatableMigrations } from './schema/migrations.ts';

const folder = fileURLToPath(new URL('../migrations/repeatable', import.meta.url));

/**
 * Runs each file of migrations/repeatable whose text differs from the text last run on this database, after
 * the numbered migrations. Such a file holds the whole current definition of an object that is replaced rather
 * than altered (a function: CREATE OR REPLACE), so changing it is a diff of one file instead of a new migration
 * repeating its body. A file and its record are written in one transaction: a crash leaves either both or neither.
 */
export async function applyRepeatable(db: Database): Promise<void> {
  const applied = new Map(
    (await db.select().from(repeatableMigrations)).map((row) => [row.name, row.hash] as const),
  );
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(folder, name), 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    if (applied.get(name) === hash) continue;
    await db.transaction(async (tx) => {
      for (const statement of text.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
      await tx
        .insert(repeatableMigrations)
        .values({ name, hash })
        .onConflictDoUpdate({ target: repeatableMigrations.name, set: { hash, appliedAt: sql`now()` } });
    });
  }
}
