import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { resources, tsvector } from './catalog.ts';
import { workspaces } from './workspaces.ts';
import { ownedBy } from './columns.ts';

/**
 * The readable copy of a resource's page: the main text as the ingestion pipeline extracted and sanitised it,
 * from the last fetch whose extraction succeeded (a later failed fetch keeps it). Its text is searched with
 * the lowest weight, D, and only the first 200,000 characters: a vector of more could pass PostgreSQL's 1 MB
 * limit for a tsvector. The workspace is copied here so a search reads only its own workspace's copies.
 */
export const resourceCopies = pgTable(
  'resource_copies',
  {
    resourceId: uuid('resource_id')
      .primaryKey()
      .references(() => resources.id, { onDelete: 'cascade' }),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    /** The URL that answered (after redirects). */
    sourceUrl: text('source_url').notNull(),
    title: text('title'),
    byline: text('byline'),
    /** Sanitised HTML of the allow-listed elements only. */
    html: text('html').notNull(),
    content: text('content').notNull(),
    /** Whether the copy was cut at its size cap. */
    truncated: boolean('truncated').notNull().default(false),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, translate(left(${resourceCopies.content}, 200000), '<>', '  ')), 'D')`,
      ),
  },
  (table) => [
    index('resource_copies_workspace_idx').on(table.workspaceId),
    index('resource_copies_search_idx')
      .using('gin', sql`(${table.workspaceId}::text)`, table.search)
      .with({ fastupdate: false }),
  ],
);
