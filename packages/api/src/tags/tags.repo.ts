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
import type { Tag } from '@stackyard/contracts/tag';
import type { Authorized, CatalogReader, CatalogWriter, SystemGrant } from '../access/access.ts';
import type { Target, TargetKind } from '../catalog/targets.ts';
import { idsInWorkspace } from '../catalog/workspace-ids.ts';
import { batchesOf, isoText, type Executor } from '../db.ts';
import { after, cursorKey, orderBy, type Cursor, type KeysetOrder } from '../catalog/pagination.ts';

// A tag as the API answers it.
const columns = {
  id: tags.id,
  workspace_id: tags.workspaceId,
  tag_name: tags.name,
  color: tags.color,
  description: tags.description,
  criteria: tags.criteria,
  created_at: isoText(tags.createdAt),
  updated_at: isoText(tags.updatedAt),
};

/** The tags on one item: tens, not thousands. The cap only bounds a response. */
const TAGS_MAX = 1000;

/** A workspace's tags by name, case-insensitively: the order its unique index (tags_name_key) keeps. */
export const TAG_ORDER: KeysetOrder = {
  name: 'name',
  key: sql`lower(${tags.name})`,
  type: 'text',
  id: sql`${tags.id}`,
  direction: 'asc',
};

/** One page more than `limit` (so the caller knows whether another follows), after the cursor. */
export async function listTags(
  db: Executor,
  access: CatalogReader,
  query: { limit: number; cursor: Cursor | null; q: string },
): Promise<Array<Tag & { cursorKey: string }>> {
  // `%` and `_` are LIKE wildcards: escaped, a search matches them only as themselves.
  const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .select({ ...columns, cursorKey: cursorKey(TAG_ORDER) })
    .from(tags)
    .where(
      and(
        eq(tags.workspaceId, access.workspaceId),
        query.q ? sql`lower(${tags.name}) like ${pattern}` : undefined,
        after(TAG_ORDER, query.cursor),
      ),
    )
    .orderBy(orderBy(TAG_ORDER))
    .limit(query.limit + 1);
}

export async function findTagWorkspace(db: Executor, tagId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: tags.workspaceId })
    .from(tags)
    .where(eq(tags.id, tagId))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function findTag(db: Executor, access: CatalogReader, tagId: string): Promise<Tag | null> {
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

export async function tagsOf(db: Executor, access: CatalogReader, target: Target): Promise<Tag[]> {
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
  await linkTags(db, access, target.kind, [{ itemId: target.id, tagId }]);
  return true;
}

/**
 * Attaches tags to items of one kind, in bulk (a submission's linked tags, an import's folders); a link
 * whose tag or item is not the workspace's is left out, one that exists is kept as it is.
 */
export async function linkTags(
  db: Executor,
  access: CatalogWriter<'catalog:write' | 'ingestion:review'>,
  kind: TargetKind,
  pairs: readonly { itemId: string; tagId: string }[],
): Promise<void> {
  const link = links[kind];
  // Two parameters a pair, and the workspace id twice.
  for (const batch of batchesOf(pairs, 2, 2)) {
    const values = sql.join(
      batch.map((pair) => sql`(${pair.tagId}::uuid, ${pair.itemId}::uuid)`),
      sql`, `,
    );
    await db.execute(sql`insert into ${link.table} (tag_id, ${sql.identifier(link.item.name)})
      select ${tags.id}, ${link.itemId} from (values ${values}) as pair (tag_id, item_id)
      join ${tags} on ${tags.id} = pair.tag_id and ${tags.workspaceId} = ${access.workspaceId}
      join ${link.items} on ${link.itemId} = pair.item_id and ${link.workspace} = ${access.workspaceId}
      on conflict do nothing`);
  }
}

/** Of these tag ids, the ones that are the workspace's. */
export function workspaceTagIds(
  db: Executor,
  access: CatalogReader,
  ids: readonly string[],
): Promise<string[]> {
  return idsInWorkspace(db, access, tags, ids);
}

/**
 * The workspace's tags with these names (case-insensitively), created with `color` where missing (an
 * import's folders): answers lower-cased name → id.
 */
export async function ensureTags(
  db: Executor,
  grant: SystemGrant,
  names: readonly string[],
  color: string,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  if (byLower.size === 0) return ids;
  // The names travel as one JSON parameter each way, not one parameter a name: a file may bring any number
  // of folders and tags, and a statement takes at most 65,535 parameters.
  await db.execute(sql`insert into ${tags} (workspace_id, name, color)
    select ${grant.workspaceId}, name, ${color}
    from jsonb_array_elements_text(${JSON.stringify([...byLower.values()])}::jsonb) as wanted (name)
    on conflict do nothing`);
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.workspaceId, grant.workspaceId),
        sql`lower(${tags.name}) in (select jsonb_array_elements_text(${JSON.stringify([...byLower.keys()])}::jsonb))`,
      ),
    );
  for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  return ids;
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
