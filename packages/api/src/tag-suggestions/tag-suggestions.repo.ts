import { and, asc, eq, sql } from 'drizzle-orm';
import type { PackageFacts, RepositoryFacts } from '@stackyard/contracts/facts';
import { resourceCopies, resources, tags, tools, workspaces, workspaceTools } from '@stackyard/db/schema';
import type { Authorized, CatalogReader } from '../access/access.ts';
import { toolDescription, toolName } from '../catalog/tool-columns.ts';
import type { Target } from '../catalog/targets.ts';
import type { Executor } from '../db.ts';
import { listFacts } from '../facts/facts.repo.ts';

// What tag suggestions are made from, read for one item of the reader's workspace, and the workspace's
// "apply suggested tags" setting.

export interface ItemText {
  name: string | null;
  texts: (string | null)[];
  topics: string[];
  keywords: string[];
}

/** A workspace's tags are tens to hundreds; the cap only bounds the read. */
const WORKSPACE_TAGS_MAX = 2000;

/**
 * The item's name, its description (or readable copy's title), and a tool's repository topics and package
 * keywords; null when the reader's workspace has no such item.
 */
export async function findItemText(
  db: Executor,
  reader: CatalogReader,
  target: Target,
): Promise<ItemText | null> {
  if (target.kind === 'resource') {
    const [row] = await db
      .select({
        title: resources.extractedTitle,
        description: resources.extractedDescription,
        copyTitle: resourceCopies.title,
      })
      .from(resources)
      .leftJoin(resourceCopies, eq(resourceCopies.resourceId, resources.id))
      .where(and(eq(resources.workspaceId, reader.workspaceId), eq(resources.id, target.id)))
      .limit(1);
    return row
      ? { name: row.title, texts: [row.description, row.copyTitle], topics: [], keywords: [] }
      : null;
  }
  const [row] = await db
    .select({ toolId: workspaceTools.toolId, name: toolName, description: toolDescription })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .where(and(eq(workspaceTools.workspaceId, reader.workspaceId), eq(workspaceTools.id, target.id)))
    .limit(1);
  if (!row) return null;
  const facts = await listFacts(db, [row.toolId]);
  const topics = facts.flatMap((fact) =>
    fact.source === 'github' && fact.data ? (fact.data as RepositoryFacts).topics : [],
  );
  // Package facts are the rows with a subject (`ecosystem:name`); the repository's and deps.dev's have none.
  const keywords = facts.flatMap((fact) =>
    fact.subject && fact.data ? ((fact.data as PackageFacts).keywords ?? []) : [],
  );
  return { name: row.name, texts: [row.description], topics, keywords };
}

export function workspaceTags(db: Executor, reader: CatalogReader): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.workspaceId, reader.workspaceId))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id))
    .limit(WORKSPACE_TAGS_MAX);
}

export async function findApplySetting(db: Executor, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ apply: workspaces.applySuggestedTags })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row?.apply ?? false;
}

export async function saveApplySetting(
  db: Executor,
  access: Authorized<'workspace:update'>,
  apply: boolean,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ applySuggestedTags: apply, updatedAt: sql`now()` })
    .where(eq(workspaces.id, access.workspaceId));
}
