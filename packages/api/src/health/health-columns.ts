import { sql, type SQL } from 'drizzle-orm';
import type { ItemHealth } from '@stackyard/contracts/health';
import { resources, workspaceTools } from '@stackyard/db/schema';
import { toolHomepageUrl } from '../catalog/tool-columns.ts';
import { isoText } from '../db.ts';

/**
 * An item's last check as the API answers it, from item_health's columns, unqualified: a query reads them
 * from item_health or from a select of its columns under the same names.
 */
export const HEALTH = sql<ItemHealth>`json_build_object('status', status, 'url', url,
  'checked_at', ${isoText(sql`checked_at`)}, 'http_status', http_status, 'moved_to', moved_to,
  'consecutive_failures', failures, 'kept', kept_status is not distinct from status)`;

// The item's health as one column of the query that reads the item, so a list answers every row's health
// without a query per row. Like the detail answer, only a check of the item's current URL counts.

function healthOf(key: SQL, url: SQL): SQL<ItemHealth | null> {
  return sql<ItemHealth | null>`(select ${HEALTH} from item_health h where ${key} and h.url = ${url})`;
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
