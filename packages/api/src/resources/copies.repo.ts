import { and, eq, sql } from 'drizzle-orm';
import { resourceCopies } from '@stackyard/db/schema';
import type { ReadableCopy } from '@stackyard/ingestion/readable-copy';
import type { CatalogReader, CatalogWriter } from '../access/access.ts';
import type { Executor } from '../db.ts';

// The readable copies of resources (resource_copies): written when a fetch of the page extracted one, so a
// later failed fetch leaves the last good copy in place.

export interface CopyRow {
  resourceId: string;
  sourceUrl: string;
  title: string | null;
  byline: string | null;
  html: string;
  textLength: number;
  truncated: boolean;
  fetchedAt: Date;
}

/** Stores the copy read from `sourceUrl`, replacing the resource's earlier one. */
export async function saveResourceCopy(
  db: Executor,
  writer: CatalogWriter<'catalog:write'>,
  resourceId: string,
  sourceUrl: string,
  copy: ReadableCopy,
): Promise<void> {
  const values = {
    sourceUrl,
    title: copy.title,
    byline: copy.byline,
    html: copy.html,
    content: copy.text,
    truncated: copy.truncated,
    fetchedAt: sql`now()`,
  };
  await db
    .insert(resourceCopies)
    .values({ resourceId, workspaceId: writer.workspaceId, ...values })
    .onConflictDoUpdate({
      target: resourceCopies.resourceId,
      set: values,
      // Only a resource of the writer's workspace: the conflict row must already belong to it.
      setWhere: eq(resourceCopies.workspaceId, writer.workspaceId),
    });
}

export async function findResourceCopy(
  db: Executor,
  reader: CatalogReader,
  resourceId: string,
): Promise<CopyRow | null> {
  const [row] = await db
    .select({
      resourceId: resourceCopies.resourceId,
      sourceUrl: resourceCopies.sourceUrl,
      title: resourceCopies.title,
      byline: resourceCopies.byline,
      html: resourceCopies.html,
      textLength: sql<number>`char_length(${resourceCopies.content})`.mapWith(Number),
      truncated: resourceCopies.truncated,
      fetchedAt: resourceCopies.fetchedAt,
    })
    .from(resourceCopies)
    .where(and(eq(resourceCopies.workspaceId, reader.workspaceId), eq(resourceCopies.resourceId, resourceId)))
    .limit(1);
  return row ?? null;
}
