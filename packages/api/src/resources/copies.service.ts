import { AppError } from '@stackyard/contracts/problem';
import { NO_RESOURCE_COPY, type ResourceCopy } from '@stackyard/contracts/resource';
import type { Database } from '@stackyard/db/client';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, RESOURCE_NOT_FOUND } from '../catalog/item-access.ts';
import { iso } from '../db.ts';
import { findResourceCopy } from './copies.repo.ts';
import { findResourceWorkspace } from './resources.repo.ts';

/** The readable copy of a resource, for whoever may read its workspace; 404 (saying so) when it has none. */
export async function getResourceCopy(db: Database, actor: Actor, resourceId: string): Promise<ResourceCopy> {
  const workspaceId = await findResourceWorkspace(db, resourceId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:read', RESOURCE_NOT_FOUND);
  const copy = await findResourceCopy(db, access, resourceId);
  if (!copy) throw new AppError('not_found', NO_RESOURCE_COPY);
  return {
    workspace_resource_id: copy.resourceId,
    title: copy.title,
    byline: copy.byline,
    source_url: copy.sourceUrl,
    fetched_at: iso(copy.fetchedAt),
    html: copy.html,
    text_length: copy.textLength,
    truncated: copy.truncated,
  };
}
