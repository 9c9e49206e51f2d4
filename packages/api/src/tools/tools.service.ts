import { AppError } from '@stackyard/contracts/problem';
import type { Tool, ToolListQuery } from '@stackyard/contracts/tool';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, TOOL_NOT_FOUND } from '../catalog/item-access.ts';
import { decodeCursor } from '../catalog/pagination.ts';
import { inTransaction } from '../db.ts';
import {
  deleteTool as removeTool,
  findTool,
  findToolBySlug,
  findToolForReading,
  findToolWorkspace,
  listTools as readTools,
  setToolRating,
  toolOrders,
  type ToolRow,
} from './tools.repo.ts';
import { storedMedia } from '../media/media.service.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';

export async function listTools(
  db: Database,
  actor: Actor,
  query: ToolListQuery,
): Promise<{ items: Tool[]; nextCursor: string | null }> {
  const access = await authorize(db, actor, query.workspace_id, 'catalog:read');
  const cursor = decodeCursor(toolOrders[query.sort], query.cursor);
  const { rows, nextCursor } = await readTools(db, access, {
    sort: query.sort,
    cursor,
    limit: query.limit,
    tagId: query.tag,
    stance: query.stance,
  });
  return { items: rows.map(toTool), nextCursor };
}

export async function getTool(db: Database, actor: Actor, toolId: string): Promise<Tool> {
  // One query for the row; nothing of it is answered unless its workspace lets the caller read (else 404).
  const row = await findToolForReading(db, toolId);
  await authorizeItem(db, actor, row?.workspaceId ?? null, 'catalog:read', TOOL_NOT_FOUND);
  if (!row) throw new AppError('not_found', TOOL_NOT_FOUND);
  return toTool(row);
}

export async function getToolBySlug(
  db: Database,
  actor: Actor,
  workspaceId: string,
  slug: string,
): Promise<Tool> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const row = await findToolBySlug(db, access, slug);
  if (!row) throw new AppError('not_found', TOOL_NOT_FOUND);
  return toTool(row);
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
    const row = await findTool(tx, access, toolId);
    if (!row) throw new AppError('not_found', TOOL_NOT_FOUND);
    return toTool(row);
  });
}

/** Spec §6: editors and admins delete tools. */
export async function deleteTool(db: Database, actor: Actor, toolId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const workspaceId = await findToolWorkspace(tx, toolId);
    const access = await authorizeItem(tx, actor, workspaceId, 'tools:delete', TOOL_NOT_FOUND);
    if (!(await removeTool(tx, access, toolId))) throw new AppError('not_found', TOOL_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}

export function toTool(row: ToolRow): Tool {
  return {
    workspace_tool_id: row.id,
    workspace_id: row.workspaceId,
    context: { rating: row.rating },
    stance: row.stance,
    raw_submitted_url: row.rawSubmittedUrl,
    slug: row.slug,
    metadata: {
      name: row.name,
      description: row.description,
      image_url: row.imageUrl,
      icon_url: row.iconUrl,
      media: storedMedia(row.iconMedia, row.imageMedia),
      canonical_links: { homepage_url: row.homepageUrl, forge_url: row.forgeUrl },
      community_links: { discord_url: row.discordUrl, slack_url: row.slackUrl },
    },
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
