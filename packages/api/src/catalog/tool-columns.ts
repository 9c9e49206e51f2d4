import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EditableToolField } from '@stackyard/contracts/tool';
import { tools, workspaceTools } from '@stackyard/db/schema';

// A tool as its workspace sees it: the workspace's own correction of a field while the field is in
// edited_fields, else the global tool's value. Every query that answers a workspace's tool reads these, so
// a correction shows everywhere in the workspace and nowhere else.

function edited(field: EditableToolField, own: AnyPgColumn, global: AnyPgColumn): SQL<string | null> {
  return sql<
    string | null
  >`case when ${field} = any(${workspaceTools.editedFields}) then ${own} else ${global} end`;
}

export const toolName = edited('name', workspaceTools.name, tools.name);
export const toolDescription = edited('description', workspaceTools.description, tools.description);
export const toolHomepageUrl = edited('homepage_url', workspaceTools.homepageUrl, tools.homepageUrl);
export const toolForgeUrl = edited('forge_url', workspaceTools.forgeUrl, tools.forgeUrl);
// A chosen icon replaces both the site's URL and the app's copy of it.
export const toolIconUrl = edited('icon_url', workspaceTools.iconUrl, tools.iconUrl);
export const toolIconMedia = edited('icon_url', workspaceTools.iconMedia, tools.iconMedia);
