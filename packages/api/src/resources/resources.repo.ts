import { and, eq, sql } from 'drizzle-orm';
import { resources, resourceTags } from '@stackyard/db/schema';
import type { ItemSort } from '@stackyard/contracts/catalog';
import type { Authorized, CatalogReader } from '../access/access.ts';
import { after, cursorKey, orderBy, page, type Cursor, type KeysetOrder } from '../catalog/pagination.ts';
import type { Executor } from '../db.ts';

export interface ResourceRow {
  id: string;
  workspaceId: string;
  rawSubmittedUrl: string;
  extractedTitle: string | null;
  extractedDescription: string | null;
  extractedImage: string | null;
  rating: number | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: resources.id,
  workspaceId: resources.workspaceId,
  rawSubmittedUrl: resources.rawSubmittedUrl,
  extractedTitle: resources.extractedTitle,
  extractedDescription: resources.extractedDescription,
  extractedImage: resources.extractedImage,
  rating: resources.rating,
  createdAt: resources.createdAt,
  updatedAt: resources.updatedAt,
};

const id = sql`${resources.id}`;
export const resourceOrders: Record<ItemSort, KeysetOrder> = {
  recent: { name: 'recent', key: sql`${resources.createdAt}`, type: 'timestamptz', id, direction: 'desc' },
  // The title a page shows, or the URL until one is extracted (the resources_name_idx expression).
  name: {
    name: 'name',
    key: sql`coalesce(${resources.extractedTitle}, ${resources.rawSubmittedUrl})`,
    type: 'text',
    id,
    direction: 'asc',
  },
  rating: { name: 'rating', key: sql`coalesce(${resources.rating}, 0)`, type: 'int', id, direction: 'desc' },
};

export async function listResources(
  db: Executor,
  access: CatalogReader,
  options: { sort: ItemSort; cursor: Cursor | null; limit: number; tagId: string | undefined },
): Promise<{ rows: ResourceRow[]; nextCursor: string | null }> {
  const order = resourceOrders[options.sort];
  const rows = await db
    .select({ ...columns, cursorKey: cursorKey(order) })
    .from(resources)
    .where(
      and(
        eq(resources.workspaceId, access.workspaceId),
        after(order, options.cursor),
        options.tagId
          ? sql`exists (select 1 from ${resourceTags} where ${resourceTags.resourceId} = ${resources.id}
              and ${resourceTags.tagId} = ${options.tagId})`
          : undefined,
      ),
    )
    .orderBy(orderBy(order))
    .limit(options.limit + 1);
  return page(order, rows, options.limit);
}

export async function findResourceWorkspace(db: Executor, resourceId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: resources.workspaceId })
    .from(resources)
    .where(eq(resources.id, resourceId))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function findResource(
  db: Executor,
  access: CatalogReader,
  resourceId: string,
): Promise<ResourceRow | null> {
  const [row] = await db
    .select(columns)
    .from(resources)
    .where(and(eq(resources.workspaceId, access.workspaceId), eq(resources.id, resourceId)))
    .limit(1);
  return row ?? null;
}

export async function setResourceRating(
  db: Executor,
  access: Authorized<'catalog:write'>,
  resourceId: string,
  rating: number | null,
): Promise<boolean> {
  const rows = await db
    .update(resources)
    .set({ rating, updatedAt: sql`now()` })
    .where(and(eq(resources.workspaceId, access.workspaceId), eq(resources.id, resourceId)))
    .returning({ id: resources.id });
  return rows.length > 0;
}

export async function deleteResource(
  db: Executor,
  access: Authorized<'catalog:write'>,
  resourceId: string,
): Promise<boolean> {
  const rows = await db
    .delete(resources)
    .where(and(eq(resources.workspaceId, access.workspaceId), eq(resources.id, resourceId)))
    .returning({ id: resources.id });
  return rows.length > 0;
}
