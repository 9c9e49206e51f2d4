import { ACCESS_ROLES } from '@stackyard/contracts/workspace';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ownedBy, timestamps } from './columns.ts';

export const accessRole = pgEnum('access_role', ACCESS_ROLES);

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    previousSlugs: text('previous_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Ingestion puts the suggested tags on what it adds, without a person accepting them. */
    applySuggestedTags: boolean('apply_suggested_tags').notNull().default(false),
    ...timestamps,
  },
  (table) => [unique('workspaces_owner_slug_key').on(table.ownerId, table.slug)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    userId: uuid('user_id').notNull(),
    accessRole: accessRole('access_role').notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index('workspace_members_user_idx').on(table.userId),
  ],
);
