import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { workspaceTools } from './catalog.ts';
import { workspaces } from './workspaces.ts';

// Ingestion (issue 7): what members submit, and the durable job queue that does the work.

/** Why a submission was quarantined: a machine code and a sentence the submitter understands. */
export interface QuarantineContext {
  code: string;
  message: string;
}

/**
 * One URL a member submitted to a workspace. Status: pending (queued) → fetching (a job works on it) →
 * completed (workspace_tool_id set) | quarantined (quarantine_context says why; not retried by itself) |
 * failed (transient failures outlasted every retry).
 */
export const ingestionSubmissions = pgTable(
  'ingestion_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** What is being ingested; only tools so far, resources follow. */
    kind: text('kind').notNull().default('tool'),
    submittedUrl: text('submitted_url').notNull(),
    submittedFingerprint: text('submitted_fingerprint').notNull(),
    submittedByUserId: uuid('submitted_by_user_id').notNull(),
    submittedComment: text('submitted_comment'),
    status: text('status').notNull().default('pending'),
    quarantineContext: jsonb('quarantine_context').$type<QuarantineContext>(),
    workspaceToolId: uuid('workspace_tool_id').references(() => workspaceTools.id, { onDelete: 'set null' }),
    preIngestionExtractedData: jsonb('pre_ingestion_extracted_data'),
    ...timestamps,
  },
  (table) => [
    index('ingestion_submissions_workspace_idx').on(table.workspaceId, table.kind, table.createdAt),
    check(
      'ingestion_submissions_status_check',
      sql`${table.status} in ('pending', 'fetching', 'completed', 'quarantined', 'failed')`,
    ),
    check('ingestion_submissions_kind_check', sql`${table.kind} in ('tool', 'resource')`),
  ],
);

/**
 * The job queue (packages/db/src/job-queue.ts): a row per job. Workers claim due rows with FOR UPDATE SKIP
 * LOCKED; a running row whose locked_until has passed belonged to a worker that died and is due again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (table) => [
    // Only unfinished jobs are ever claimed; finished ones stay out of the index.
    index('jobs_due_idx')
      .on(table.queue, table.runAt)
      .where(sql`${table.state} in ('queued', 'running')`),
    check('jobs_state_check', sql`${table.state} in ('queued', 'running', 'completed', 'failed')`),
  ],
);
