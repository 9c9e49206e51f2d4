import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaceTools } from './catalog.ts';

// The preferred stack: the workspace's stance on each of its tools. A tool without a row is
// 'accepted', so the table only holds the tools someone has an opinion about.

export const TOOL_STANCES = ['preferred', 'accepted', 'avoid'] as const;

export const workspaceToolStances = pgTable(
  'workspace_tool_stances',
  {
    workspaceToolId: uuid('workspace_tool_id')
      .primaryKey()
      .references(() => workspaceTools.id, { onDelete: 'cascade' }),
    stance: text('stance', { enum: TOOL_STANCES }).notNull().default('accepted'),
    note: text('note'),
    category: text('category'),
    // An identity id, like comments.commenter_id: no foreign key to the identity service.
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('workspace_tool_stances_stance_check', sql`${table.stance} in ('preferred', 'accepted', 'avoid')`),
    check(
      'workspace_tool_stances_note_check',
      sql`${table.note} is null or char_length(${table.note}) <= 200`,
    ),
    check(
      'workspace_tool_stances_category_check',
      sql`${table.category} is null or char_length(${table.category}) <= 60`,
    ),
  ],
);
