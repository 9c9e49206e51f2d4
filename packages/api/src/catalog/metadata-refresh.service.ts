import type { MetadataChange, MetadataRefresh } from '@stackyard/contracts/metadata-refresh';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { fetchPage, type FetchedPage } from '@stackyard/ingestion/fetch-page';
import { readableCopyOffThread } from '@stackyard/ingestion/readable-copy-thread';
import type { Actor } from '../auth/authenticate.ts';
import { saveResourceCopy } from '../resources/copies.repo.ts';
import { findResource, findResourceWorkspace } from '../resources/resources.repo.ts';
import { findTool, findToolWorkspace } from '../tools/tools.repo.ts';
import { authorizeItem, RESOURCE_NOT_FOUND, TOOL_NOT_FOUND } from './item-access.ts';
import { fetchOptions, type PageFetchSettings } from './page-fetch.ts';

async function readPage(settings: PageFetchSettings, url: string): Promise<FetchedPage> {
  const page = await fetchPage(url, fetchOptions(settings));
  if (!page.ok) throw new AppError('unprocessable', `The page could not be read: ${page.failure.message}`);
  return page.value;
}

/**
 * The fields whose extracted value differs from the one shown. A value the page no longer has (null) is no
 * proposal: a page that stopped saying something is not asking for it to be removed.
 */
function differences(
  fields: Array<[field: string, current: string | null, proposed: string | null]>,
  editedFields: readonly string[],
): MetadataChange[] {
  return fields
    .filter(([, current, proposed]) => proposed !== null && proposed !== '' && proposed !== current)
    .map(([field, current, proposed]) => ({
      field,
      current,
      proposed,
      edited_by_hand: editedFields.includes(field),
    }));
}

/** Editors and admins read a tool's page again and see what would change; nothing is written. */
export async function refreshToolMetadata(
  db: Database,
  settings: PageFetchSettings,
  actor: Actor,
  toolId: string,
): Promise<MetadataRefresh> {
  const workspaceId = await findToolWorkspace(db, toolId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:write', TOOL_NOT_FOUND);
  const tool = await findTool(db, access, toolId);
  if (!tool) throw new AppError('not_found', TOOL_NOT_FOUND);
  const { metadata: page } = await readPage(settings, tool.raw_submitted_url);
  return {
    url: page.url,
    changes: differences(
      [
        ['name', tool.metadata.name, page.suggestedName],
        ['description', tool.metadata.description, page.description],
        ['homepage_url', tool.metadata.canonical_links.homepage_url, page.homepageUrl],
        ['forge_url', tool.metadata.canonical_links.forge_url, page.forgeUrl],
      ],
      tool.edited_fields,
    ),
  };
}

/**
 * Editors and admins read a resource's page again and see what would change; of it, only the readable copy is
 * written, and only when one was extracted: a page that went away or lost its article keeps the last copy.
 */
export async function refreshResourceMetadata(
  db: Database,
  settings: PageFetchSettings,
  actor: Actor,
  resourceId: string,
): Promise<MetadataRefresh> {
  const workspaceId = await findResourceWorkspace(db, resourceId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:write', RESOURCE_NOT_FOUND);
  const resource = await findResource(db, access, resourceId);
  if (!resource) throw new AppError('not_found', RESOURCE_NOT_FOUND);
  const fetched = await readPage(settings, resource.raw_submitted_url);
  const copy = await readableCopyOffThread(fetched.html, fetched.url);
  if (copy) await saveResourceCopy(db, access, resourceId, fetched.url, copy);
  const page = fetched.metadata;
  return {
    url: page.url,
    changes: differences(
      [
        ['title', resource.metadata.extracted_title, page.title],
        ['description', resource.metadata.extracted_description, page.description],
      ],
      resource.edited_fields,
    ),
  };
}
