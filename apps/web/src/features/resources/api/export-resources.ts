import { env } from '@/config/env';

/**
 * GET /resources/workspace/{id}/export: the workspace's resources as a Netscape bookmarks HTML file. A plain
 * link rather than a fetch, so the browser downloads it (the user_jwt cookie goes along, same origin).
 */
export function exportResourcesHref(workspaceId: string): string {
  return `${env.apiBasePath}/resources/workspace/${encodeURIComponent(workspaceId)}/export`;
}
