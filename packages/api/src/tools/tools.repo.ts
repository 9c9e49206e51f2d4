import { and, eq, sql } from 'drizzle-orm';
import { projectTools, tools, toolTags, workspaceTools } from '@stackyard/db/schema';
import type { ItemSort } from '@stackyard/contracts/catalog';
import type { Authorized, CatalogReader } from '../access/access.ts';
import { after, cursorKey, orderBy, page, type Cursor, type KeysetOrder } from '../catalog/pagination.ts';
import type { Executor } from '../db.ts';

export interface ToolRow {
  id: string;
  workspaceId: string;
  slug: string;
  rawSubmittedUrl: string;
  rating: number | null;
  name: string | null;
  description: string | null;
  imageUrl: string | null;
  homepageUrl: string | null;
  forgeUrl: string | null;
  discordUrl: string | null;
  slackUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: workspaceTools.id,
  workspaceId: workspaceTools.workspaceId,
  slug: workspaceTools.slug,
  rawSubmittedUrl: workspaceTools.rawSubmittedUrl,
  rating: workspaceTools.rating,
  name: tools.name,
  description: tools.description,
  imageUrl: tools.imageUrl,
  homepageUrl: tools.homepageUrl,
  forgeUrl: tools.forgeUrl,
  discordUrl: tools.discordUrl,
  slackUrl: tools.slackUrl,
  createdAt: workspaceTools.createdAt,
  updatedAt: workspaceTools.updatedAt,
};

export const toolOrders: Record<ItemSort, KeysetOrder> = {
  recent: {
    name: 'recent',
    key: sql`${workspaceTools.createdAt}`,
    type: 'timestamptz',
    id: sql`${workspaceTools.id}`,
    direction: 'desc',
  },
  // A tool's title is its slug (spec §2), unique in the workspace.
  name: {
    name: 'name',
    key: sql`${workspaceTools.slug}`,
    type: 'text',
    id: sql`${workspaceTools.id}`,
    direction: 'asc',
  },
  // Best first; unrated tools (0) last.
  rating: {
    name: 'rating',
    key: sql`coalesce(${workspaceTools.rating}, 0)`,
    type: 'int',
    id: sql`${workspaceTools.id}`,
    direction: 'desc',
  },
};

function selectTools(db: Executor) {
  return db.select(columns).from(workspaceTools).innerJoin(tools, eq(tools.id, workspaceTools.toolId));
}

export async function listTools(
  db: Executor,
  access: CatalogReader,
  options: { sort: ItemSort; cursor: Cursor | null; limit: number; tagId: string | undefined },
): Promise<{ rows: ToolRow[]; nextCursor: string | null }> {
  const order = toolOrders[options.sort];
  const rows = await db
    .select({ ...columns, cursorKey: cursorKey(order) })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .where(
      and(
        eq(workspaceTools.workspaceId, access.workspaceId),
        after(order, options.cursor),
        options.tagId
          ? sql`exists (select 1 from ${toolTags} where ${toolTags.workspaceToolId} = ${workspaceTools.id}
              and ${toolTags.tagId} = ${options.tagId})`
          : undefined,
      ),
    )
    .orderBy(orderBy(order))
    .limit(options.limit + 1);
  return page(order, rows, options.limit);
}

/** The workspace a tool belongs to, to authorize a call that names only the tool. */
export async function findToolWorkspace(db: Executor, toolId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: workspaceTools.workspaceId })
    .from(workspaceTools)
    .where(eq(workspaceTools.id, toolId))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function findTool(db: Executor, access: CatalogReader, toolId: string): Promise<ToolRow | null> {
  const [row] = await selectTools(db)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, toolId)))
    .limit(1);
  return row ?? null;
}

export async function findToolBySlug(
  db: Executor,
  access: CatalogReader,
  slug: string,
): Promise<ToolRow | null> {
  const [row] = await selectTools(db)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function setToolRating(
  db: Executor,
  access: Authorized<'catalog:write'>,
  toolId: string,
  rating: number | null,
): Promise<boolean> {
  const rows = await db
    .update(workspaceTools)
    .set({ rating, updatedAt: sql`now()` })
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, toolId)))
    .returning({ id: workspaceTools.id });
  return rows.length > 0;
}

/** The workspace's tool, its comments, tags and project links; the global tool stays for the others. */
export async function deleteTool(
  db: Executor,
  access: Authorized<'tools:delete'>,
  toolId: string,
): Promise<boolean> {
  const rows = await db
    .delete(workspaceTools)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, toolId)))
    .returning({ id: workspaceTools.id });
  return rows.length > 0;
}

/** The tools a project uses, by name (slug). */
export async function listToolsOfProject(
  db: Executor,
  access: CatalogReader,
  projectId: string,
): Promise<ToolRow[]> {
  return selectTools(db)
    .innerJoin(projectTools, eq(projectTools.workspaceToolId, workspaceTools.id))
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(projectTools.projectId, projectId)))
    .orderBy(workspaceTools.slug, workspaceTools.id)
    .limit(1000);
}
