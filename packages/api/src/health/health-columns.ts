import { sql, type SQL } from 'drizzle-orm';
import type { ItemHealth } from '@stackyard/contracts/health';
import { resources, workspaceTools } from '@stackyard/db/schema';
import { toolHomepageUrl } from '../catalog/tool-columns.ts';

// The item's health as one column of the query that reads the item, so a list answers every row's health
// without a query per row. Like the detail answer, only a check of the item's current URL counts.

function healthOf(key: SQL, url: SQL): SQL<ItemHealth | null> {
  return sql<ItemHealth | null>`(select json_build_object('status', h.status, 'url', h.url,
      'checked_at', h.checked_at, 'http_status', h.http_status, 'moved_to', h.moved_to,
      'consecutive_failures', h.failures, 'kept', h.kept_status is not distinct from h.status)
    from item_health h where ${key} and h.url = ${url})`;
}

/** A workspace tool's health: the check of its homepage as the workspace sees it, else the URL submitted. */
export const toolHealth = healthOf(
  sql`h.workspace_tool_id = ${workspaceTools.id}`,
  sql`coalesce(${toolHomepageUrl}, ${workspaceTools.rawSubmittedUrl})`,
);

export const resourceHealth = healthOf(
  sql`h.resource_id = ${resources.id}`,
  sql`${resources.rawSubmittedUrl}`,
);

/** The column as answered: checked_at comes out of JSON as the database's text of the time. */
export function itemHealthOf(health: ItemHealth | null): ItemHealth | null {
  return health && { ...health, checked_at: new Date(health.checked_at).toISOString() };
}
