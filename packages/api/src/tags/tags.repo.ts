import { and, asc, eq, sql } from 'drizzle-orm';
import {
  projects,
  projectTags,
  resources,
  resourceTags,
  tags,
  toolTags,
  workspaceTools,
} from '@stackyard/db/schema';
import type { Authorized, CatalogReader } from '../access/access.ts';
import type { Target, TargetKind } from '../catalog/targets.ts';
import type { Executor } from '../db.ts';

export interface TagRow {
  id: string;
  workspaceId: string;
  name: string;
  color: string;
  description: string | null;
  criteria: string[] | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: tags.id,
  workspaceId: tags.workspaceId,
  name: tags.name,
  color: tags.color,
  description: tags.description,
  criteria: tags.criteria,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
};

/** A workspace has tens of tags, not thousands: one list, by name. The cap only bounds a response. */
const TAGS_MAX = 1000;

export async function listTags(db: Executor, access: CatalogReader): Promise<TagRow[]> {
  return db
    .select(columns)
    .from(tags)
    .where(eq(tags.workspaceId, access.workspaceId))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id))
    .limit(TAGS_MAX);
}

export async function findTagWorkspace(db: Executor, tagId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: tags.workspaceId })
    .from(tags)
    .where(eq(tags.id, tagId))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function findTag(db: Executor, access: CatalogReader, tagId: string): Promise<TagRow | null> {
  const [row] = await db
    .select(columns)
    .from(tags)
    .where(and(eq(tags.workspaceId, access.workspaceId), eq(tags.id, tagId)))
    .limit(1);
  return row ?? null;
}

export interface TagValues {
  name: string;
  color: string;
  description: string | null;
  criteria: string[] | null;
}

export async function insertTag(
  db: Executor,
  access: Authorized<'catalog:write'>,
  values: TagValues,
): Promise<string> {
  const [row] = await db
    .insert(tags)
    .values({ workspaceId: access.workspaceId, ...values })
    .returning({ id: tags.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateTag(
  db: Executor,
  access: Authorized<'catalog:write'>,
  tagId: string,
  patch: Partial<TagValues>,
): Promise<boolean> {
  const rows = await db
    .update(tags)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(tags.workspaceId, access.workspaceId), eq(tags.id, tagId)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

export async function deleteTag(
  db: Executor,
  access: Authorized<'catalog:write'>,
  tagId: string,
): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.workspaceId, access.workspaceId), eq(tags.id, tagId)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

// Each kind's link table, its item column, and the item table with its workspace column.
const links = {
  tool: {
    table: toolTags,
    item: toolTags.workspaceToolId,
    items: workspaceTools,
    workspace: workspaceTools.workspaceId,
    itemId: workspaceTools.id,
  },
  resource: {
    table: resourceTags,
    item: resourceTags.resourceId,
    items: resources,
    workspace: resources.workspaceId,
    itemId: resources.id,
  },
  project: {
    table: projectTags,
    item: projectTags.projectId,
    items: projects,
    workspace: projects.workspaceId,
    itemId: projects.id,
  },
} as const satisfies Record<TargetKind, unknown>;

export async function tagsOf(db: Executor, access: CatalogReader, target: Target): Promise<TagRow[]> {
  const link = links[target.kind];
  return db
    .select(columns)
    .from(tags)
    .innerJoin(link.table, eq(link.table.tagId, tags.id))
    .where(and(eq(tags.workspaceId, access.workspaceId), eq(link.item, target.id)))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id))
    .limit(TAGS_MAX);
}

/**
 * Attaches a tag to an item when both are the permit's workspace's; attaching twice is no error. False
 * when either is not found there.
 */
export async function attachTag(
  db: Executor,
  access: Authorized<'catalog:write'>,
  target: Target,
  tagId: string,
): Promise<boolean> {
  const link = links[target.kind];
  const found = await db
    .select({ tagId: tags.id })
    .from(tags)
    .innerJoin(link.items, eq(link.workspace, tags.workspaceId))
    .where(and(eq(tags.workspaceId, access.workspaceId), eq(tags.id, tagId), eq(link.itemId, target.id)))
    .limit(1);
  if (found.length === 0) return false;
  const values =
    target.kind === 'tool'
      ? db.insert(toolTags).values({ tagId, workspaceToolId: target.id })
      : target.kind === 'resource'
        ? db.insert(resourceTags).values({ tagId, resourceId: target.id })
        : db.insert(projectTags).values({ tagId, projectId: target.id });
  await values.onConflictDoNothing();
  return true;
}

export async function detachTag(
  db: Executor,
  access: Authorized<'catalog:write'>,
  target: Target,
  tagId: string,
): Promise<boolean> {
  const link = links[target.kind];
  const rows = await db
    .delete(link.table)
    .where(
      and(
        eq(link.table.tagId, tagId),
        eq(link.item, target.id),
        sql`${link.table.tagId} in (select ${tags.id} from ${tags} where ${tags.workspaceId} = ${access.workspaceId})`,
      ),
    )
    .returning({ tagId: link.table.tagId });
  return rows.length > 0;
}
