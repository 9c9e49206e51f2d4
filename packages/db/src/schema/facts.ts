import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PackageFacts, RepositoryFacts } from '@stackyard/contracts/facts';
import { tools } from './catalog.ts';
import { ownedBy } from './columns.ts';

// Tool facts: what the forge and the package registries publish about a global tool, one row per
// source and subject (the repository, the deps.dev project, each package), shared by every workspace.

export const FACT_SOURCES = ['github', 'npm', 'pypi', 'crates', 'deps.dev'] as const;
export const FACT_STATUSES = ['ok', 'not_found', 'rate_limited', 'failed'] as const;

/** The deps.dev project of the repository: its OpenSSF Scorecard. */
export interface ProjectFacts {
  fetched_at: string;
  scorecard: number | null;
}

export type StoredFact = RepositoryFacts | PackageFacts | ProjectFacts;

export const toolFacts = pgTable(
  'tool_facts',
  {
    toolId: ownedBy('tool_id', () => tools.id),
    source: text('source', { enum: FACT_SOURCES }).notNull(),
    /** '' for the repository and the deps.dev project; `ecosystem:name` for a package. */
    subject: text('subject').notNull(),
    /** The last attempt's outcome and, when it failed, why. */
    status: text('status', { enum: FACT_STATUSES }).notNull(),
    error: text('error'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** The ETag of each request behind the facts, sent back as If-None-Match. */
    etags: jsonb('etags').$type<Record<string, string>>().notNull().default({}),
    /** The last facts fetched successfully (kept when a later attempt fails); fetched_at inside. */
    data: jsonb('data').$type<StoredFact>(),
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.source, table.subject] }),
    check('tool_facts_source_check', sql`${table.source} in ('github', 'npm', 'pypi', 'crates', 'deps.dev')`),
    check('tool_facts_status_check', sql`${table.status} in ('ok', 'not_found', 'rate_limited', 'failed')`),
  ],
);

/** When each tool's facts were last refreshed: the periodic refresh takes the oldest first. */
export const toolFactRefreshes = pgTable(
  'tool_fact_refreshes',
  {
    toolId: uuid('tool_id')
      .primaryKey()
      .references(() => tools.id, { onDelete: 'cascade' }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('tool_fact_refreshes_refreshed_at_idx').on(table.refreshedAt)],
);
