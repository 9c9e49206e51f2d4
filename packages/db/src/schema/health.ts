import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LINK_HEALTH_STATUSES } from '@stackyard/contracts/health';
import { resources, workspaceTools } from './catalog.ts';
import { oneOf, ownedBy } from './columns.ts';
import { workspaces } from './workspaces.ts';

/**
 * The last link check of one saved item (a workspace tool or a resource, exactly one of them), with the
 * validators its next conditional request sends back.
 */
export const itemHealth = pgTable(
  'item_health',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    workspaceToolId: uuid('workspace_tool_id')
      .unique('item_health_tool_key')
      .references(() => workspaceTools.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .unique('item_health_resource_key')
      .references(() => resources.id, { onDelete: 'cascade' }),
    /** The URL checked: once the item's URL is edited, this row no longer describes it. */
    url: text('url').notNull(),
    status: text('status', { enum: LINK_HEALTH_STATUSES }).notNull(),
    httpStatus: integer('http_status'),
    movedTo: text('moved_to'),
    failures: integer('failures').notNull().default(0),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** The status a member marked as kept; the item is listed again once its status is another. */
    keptStatus: text('kept_status'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('item_health_workspace_idx').on(table.workspaceId, table.status),
    index('item_health_checked_at_idx').on(table.checkedAt),
    check('item_health_status_check', oneOf(table.status, LINK_HEALTH_STATUSES)),
    check('item_health_item_check', sql`(${table.workspaceToolId} is null) <> (${table.resourceId} is null)`),
  ],
);
