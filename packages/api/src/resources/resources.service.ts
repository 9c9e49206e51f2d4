import { AppError } from '@stackyard/contracts/problem';
import type { ItemListQuery } from '@stackyard/contracts/catalog';
import type { Resource } from '@stackyard/contracts/resource';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, RESOURCE_NOT_FOUND } from '../catalog/item-access.ts';
import { decodeCursor } from '../catalog/pagination.ts';
import { inTransaction, iso } from '../db.ts';
import {
  deleteResource as removeResource,
  findResource,
  findResourceForReading,
  findResourceWorkspace,
  listResources as readResources,
  resourceOrders,
  setResourceRating,
  type ResourceRow,
} from './resources.repo.ts';
import { storedMedia } from '../media/media.service.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';

export async function listResources(
  db: Database,
  actor: Actor,
  workspaceId: string,
  query: ItemListQuery,
): Promise<{ items: Resource[]; nextCursor: string | null }> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const cursor = decodeCursor(resourceOrders[query.sort], query.cursor);
  const { rows, nextCursor } = await readResources(db, access, {
    sort: query.sort,
    cursor,
    limit: query.limit,
    tagId: query.tag,
  });
  return { items: rows.map(toResource), nextCursor };
}

export async function getResource(db: Database, actor: Actor, resourceId: string): Promise<Resource> {
  // One query for the row; nothing of it is answered unless its workspace lets the caller read (else 404).
  const row = await findResourceForReading(db, resourceId);
  await authorizeItem(db, actor, row?.workspaceId ?? null, 'catalog:read', RESOURCE_NOT_FOUND);
  if (!row) throw new AppError('not_found', RESOURCE_NOT_FOUND);
  return toResource(row);
}

export async function rateResource(
  db: Database,
  actor: Actor,
  resourceId: string,
  rating: number | null,
): Promise<Resource> {
  return inTransaction(db, async (tx) => {
    const workspaceId = await findResourceWorkspace(tx, resourceId);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', RESOURCE_NOT_FOUND);
    if (!(await setResourceRating(tx, access, resourceId, rating)))
      throw new AppError('not_found', RESOURCE_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
    const row = await findResource(tx, access, resourceId);
    if (!row) throw new AppError('not_found', RESOURCE_NOT_FOUND);
    return toResource(row);
  });
}

export async function deleteResource(db: Database, actor: Actor, resourceId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const workspaceId = await findResourceWorkspace(tx, resourceId);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', RESOURCE_NOT_FOUND);
    if (!(await removeResource(tx, access, resourceId))) throw new AppError('not_found', RESOURCE_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}

export function toResource(row: ResourceRow): Resource {
  return {
    workspace_resource_id: row.id,
    workspace_id: row.workspaceId,
    context: { rating: row.rating },
    raw_submitted_url: row.rawSubmittedUrl,
    metadata: {
      extracted_title: row.extractedTitle,
      extracted_description: row.extractedDescription,
      extracted_image: row.extractedImage,
      extracted_icon: row.extractedIcon,
      site_name: row.siteName,
      author: row.author,
      published_at: row.publishedAt && iso(row.publishedAt),
      language: row.language,
      media: storedMedia(row.iconMedia, row.imageMedia),
    },
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
