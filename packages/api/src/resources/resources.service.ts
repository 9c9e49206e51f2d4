import { AppError } from '@stackyard/contracts/problem';
import type { ItemListQuery } from '@stackyard/contracts/catalog';
import type { EditableResourceField, Resource, UpdateResource } from '@stackyard/contracts/resource';
import type { FetchedMedia } from '@stackyard/ingestion/fetch-media';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, RESOURCE_NOT_FOUND } from '../catalog/item-access.ts';
import { fetchChosenIcon, storeChosenIcon, type PageFetchSettings } from '../catalog/page-fetch.ts';
import { pageRequest, type Page } from '../catalog/pagination.ts';
import { inTransaction, isUniqueViolation } from '../db.ts';
import {
  deleteResource as removeResource,
  findOtherResourceByFingerprint,
  findResource,
  findResourceForReading,
  findResourceWorkspace,
  listResources as readResources,
  resourceOrders,
  setResourceEdits,
  setResourceRating,
  type ResourceEdits,
} from './resources.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';

export async function listResources(
  db: Database,
  actor: Actor,
  workspaceId: string,
  query: ItemListQuery,
): Promise<Page<Resource[]>> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const { rows, nextCursor } = await readResources(db, access, pageRequest(resourceOrders, query));
  return { items: rows.map(({ cursorKey: _key, ...resource }) => resource), nextCursor };
}

export async function getResource(db: Database, actor: Actor, resourceId: string): Promise<Resource> {
  // One query for the row; nothing of it is answered unless its workspace lets the caller read (else 404).
  const resource = await findResourceForReading(db, resourceId);
  await authorizeItem(db, actor, resource?.workspace_id ?? null, 'catalog:read', RESOURCE_NOT_FOUND);
  if (!resource) throw new AppError('not_found', RESOURCE_NOT_FOUND);
  return resource;
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
    const resource = await findResource(tx, access, resourceId);
    if (!resource) throw new AppError('not_found', RESOURCE_NOT_FOUND);
    return resource;
  });
}

export const duplicateLink = (other: { id: string; label: string }): string =>
  `This link is already saved in the workspace as "${other.label}" (resource ${other.id})`;

/**
 * Editors and admins correct a resource's title, description or link. A new link is fingerprinted as a
 * submitted one is, and refused (409, naming the other) when the workspace already holds it elsewhere.
 */
export async function updateResource(
  db: Database,
  settings: PageFetchSettings,
  actor: Actor,
  resourceId: string,
  input: UpdateResource,
): Promise<Resource> {
  const fields = Object.keys(input) as EditableResourceField[];
  const edits: ResourceEdits = { extractedTitle: input.title, extractedDescription: input.description };
  if (input.url !== undefined) {
    const fingerprinted = fingerprintUrl(input.url);
    if (!fingerprinted.ok) throw new AppError('bad_request', `url: ${fingerprinted.failure.message}`);
    edits.rawSubmittedUrl = input.url;
    edits.fingerprint = fingerprinted.value.fingerprint;
  }
  // As for a tool: fetched outside the transaction, for a caller who may edit the resource.
  let icon: FetchedMedia | null = null;
  if (input.icon_url) {
    const owner = await findResourceWorkspace(db, resourceId);
    await authorizeItem(db, actor, owner, 'catalog:write', RESOURCE_NOT_FOUND);
    icon = await fetchChosenIcon(settings, input.icon_url);
  }
  try {
    return await inTransaction(db, async (tx) => {
      const workspaceId = await findResourceWorkspace(tx, resourceId);
      const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', RESOURCE_NOT_FOUND);
      if (input.icon_url !== undefined) {
        edits.extractedIcon = input.icon_url;
        edits.iconMedia = icon ? await storeChosenIcon(tx, icon) : null;
      }
      if (edits.fingerprint) {
        const other = await findOtherResourceByFingerprint(tx, access, edits.fingerprint, resourceId);
        if (other) throw new AppError('conflict', duplicateLink(other));
      }
      if (!(await setResourceEdits(tx, access, resourceId, edits, fields)))
        throw new AppError('not_found', RESOURCE_NOT_FOUND);
      await markWorkspaceChanged(tx, access.workspaceId);
      const resource = await findResource(tx, access, resourceId);
      if (!resource) throw new AppError('not_found', RESOURCE_NOT_FOUND);
      return resource;
    });
  } catch (error) {
    // Another member saved the same link between the check and the write.
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'This link is already saved in the workspace', { cause: error });
    throw error;
  }
}

export async function deleteResource(db: Database, actor: Actor, resourceId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const workspaceId = await findResourceWorkspace(tx, resourceId);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', RESOURCE_NOT_FOUND);
    if (!(await removeResource(tx, access, resourceId))) throw new AppError('not_found', RESOURCE_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}
