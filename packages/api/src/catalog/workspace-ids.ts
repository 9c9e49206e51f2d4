import { and, eq, inArray } from 'drizzle-orm';
import type { projects, tags, workspaceTools } from '@stackyard/db/schema';
import type { CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

/** Of these ids of tags, projects or workspace tools, the ones that are the permit's workspace's. */
export async function idsInWorkspace(
  db: Executor,
  access: CatalogReader,
  table: typeof tags | typeof projects | typeof workspaceTools,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, access.workspaceId), inArray(table.id, [...new Set(ids)])));
  return rows.map((row) => row.id);
}
