import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RadarCategoryQuadrant } from '@stackyard/contracts/radar';
import { workspaces } from './workspaces.ts';

// A workspace's tech radar settings. A workspace without a row uses the defaults (accepted → Trial, the
// default quadrant names and the built-in category mapping).

export const workspaceRadarSettings = pgTable(
  'workspace_radar_settings',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    acceptedRing: text('accepted_ring', { enum: ['trial', 'assess'] }).notNull(),
    quadrantNames: jsonb('quadrant_names').$type<string[]>().notNull(),
    defaultQuadrant: integer('default_quadrant').notNull(),
    /** The categories mapped to a quadrant, as spelled when saved; matched to stances in any case. */
    categoryQuadrants: jsonb('category_quadrants').$type<RadarCategoryQuadrant[]>().notNull(),
    // An identity id, like workspace_tool_stances.updated_by: no foreign key to the identity service.
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('workspace_radar_settings_ring_check', sql`${table.acceptedRing} in ('trial', 'assess')`),
    check('workspace_radar_settings_quadrant_check', sql`${table.defaultQuadrant} between 0 and 3`),
  ],
);
