import { mediaUrl } from '@stackyard/contracts/media';
import { SIMILAR_TOOLS_MAX, type SimilarTools } from '@stackyard/contracts/similar-tools';
import type { Database } from '@stackyard/db/client';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, TOOL_NOT_FOUND } from '../catalog/item-access.ts';
import { findToolWorkspace } from '../tools/tools.repo.ts';
import { listSimilarTools } from './similar.repo.ts';

/** Any member: the tools to propose for "Compare with…" on a tool's page. */
export async function similarTools(db: Database, actor: Actor, toolId: string): Promise<SimilarTools> {
  const workspaceId = await findToolWorkspace(db, toolId);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:read', TOOL_NOT_FOUND);
  const rows = await listSimilarTools(db, access, toolId, SIMILAR_TOOLS_MAX);
  return {
    tools: rows.map((row) => ({
      workspace_tool_id: row.workspace_tool_id,
      slug: row.slug,
      name: row.name?.trim() || row.slug,
      icon_url: row.icon_media && mediaUrl(row.icon_media),
      rating: row.rating,
      shared_tags: row.shared_tags,
      shared_topics: row.shared_topics,
    })),
  };
}
