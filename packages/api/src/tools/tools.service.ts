import { AppError } from '@stackyard/contracts/problem';
import type { FetchedMedia } from '@stackyard/ingestion/fetch-media';
import type { EditableToolField, Tool, ToolListQuery, UpdateTool } from '@stackyard/contracts/tool';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, TOOL_NOT_FOUND } from '../catalog/item-access.ts';
import { fetchChosenIcon, storeChosenIcon, type PageFetchSettings } from '../catalog/page-fetch.ts';
import { pageRequest, type Page } from '../catalog/pagination.ts';
import { inTransaction } from '../db.ts';
import {
  deleteTool as removeTool,
  findTool,
  findToolBySlug,
  findToolForReading,
  findToolWorkspace,
  listTools as readTools,
  setToolEdits,
  setToolRating,
  toolOrders,
} from './tools.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';

export async function listTools(db: Database, actor: Actor, query: ToolListQuery): Promise<Page<Tool[]>> {
  const access = await authorize(db, actor, query.workspace_id, 'catalog:read');
  const { rows, nextCursor } = await readTools(db, access, {
    ...pageRequest(toolOrders, query),
    stance: query.stance,
  });
  return { items: rows.map(({ cursorKey: _key, ...tool }) => tool), nextCursor };
}

export async function getTool(db: Database, actor: Actor, toolId: string): Promise<Tool> {
  // One query for the row; nothing of it is answered unless its workspace lets the caller read (else 404).
  const tool = await findToolForReading(db, toolId);
  await authorizeItem(db, actor, tool?.workspace_id ?? null, 'catalog:read', TOOL_NOT_FOUND);
  if (!tool) throw new AppError('not_found', TOOL_NOT_FOUND);
  return tool;
}

export async function getToolBySlug(
  db: Database,
  actor: Actor,
  workspaceId: string,
  slug: string,
): Promise<Tool> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const tool = await findToolBySlug(db, access, slug);
  if (!tool) throw new AppError('not_found', TOOL_NOT_FOUND);
  return tool;
}

/** Editors and admins rate a tool for their workspace (1 to 5, or null). */
export async function rateTool(
  db: Database,
  actor: Actor,
  toolId: string,
  rating: number | null,
): Promise<Tool> {
  return inTransaction(db, async (tx) => {
    const workspaceId = await findToolWorkspace(tx, toolId);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', TOOL_NOT_FOUND);
    if (!(await setToolRating(tx, access, toolId, rating))) throw new AppError('not_found', TOOL_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
    const tool = await findTool(tx, access, toolId);
    if (!tool) throw new AppError('not_found', TOOL_NOT_FOUND);
    return tool;
  });
}

/**
 * Editors and admins correct a tool for their workspace: the values land on the workspace's own row, so
 * other workspaces holding the same global tool see no change, and the fields are marked edited by hand.
 */
export async function updateTool(
  db: Database,
  settings: PageFetchSettings,
  actor: Actor,
  toolId: string,
  input: UpdateTool,
): Promise<Tool> {
  const fields = Object.keys(input) as EditableToolField[];
  // The icon is fetched before the transaction, which would otherwise wait on the site, and only for a
  // caller who may edit the tool (asked again where the tool is written).
  let icon: FetchedMedia | null = null;
  if (input.icon_url) {
    await authorizeItem(db, actor, await findToolWorkspace(db, toolId), 'catalog:write', TOOL_NOT_FOUND);
    icon = await fetchChosenIcon(settings, input.icon_url);
  }
  return inTransaction(db, async (tx) => {
    const workspaceId = await findToolWorkspace(tx, toolId);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', TOOL_NOT_FOUND);
    const edits = {
      name: input.name,
      description: input.description,
      homepageUrl: input.homepage_url,
      forgeUrl: input.forge_url,
      documentationUrl: input.documentation_url,
      ...(input.icon_url === undefined
        ? {}
        : { iconUrl: input.icon_url, iconMedia: icon ? await storeChosenIcon(tx, icon) : null }),
    };
    if (!(await setToolEdits(tx, access, toolId, edits, fields)))
      throw new AppError('not_found', TOOL_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
    const tool = await findTool(tx, access, toolId);
    if (!tool) throw new AppError('not_found', TOOL_NOT_FOUND);
    return tool;
  });
}

/** Editors and admins delete tools. */
export async function deleteTool(db: Database, actor: Actor, toolId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const workspaceId = await findToolWorkspace(tx, toolId);
    const access = await authorizeItem(tx, actor, workspaceId, 'tools:delete', TOOL_NOT_FOUND);
    if (!(await removeTool(tx, access, toolId))) throw new AppError('not_found', TOOL_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}
