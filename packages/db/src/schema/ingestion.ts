import { BOOKMARK_IMPORT_STATUSES, type SkippedBookmark } from '@stackyard/contracts/bookmarks';
import {
  SUBMISSION_KINDS,
  SUBMISSION_STATUSES,
  type PreIngestionExtractedData,
  type QuarantineContext,
} from '@stackyard/contracts/ingestion';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf, ownedBy, timestamps } from './columns.ts';
import { resources, workspaceTools } from './catalog.ts';
import { workspaces } from './workspaces.ts';

// Ingestion: what members submit, and the durable job queue that does the work.

/**
 * A Netscape bookmarks file being imported into a workspace as resources (folders become tags). The rows are
 * written by a job; the counters show progress and `skipped` says what was left out and why.
 */
export const bookmarkImports = pgTable(
  'bookmark_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    importedByUserId: uuid('imported_by_user_id').notNull(),
    fileName: text('file_name'),
    /** running → completed | failed. */
    status: text('status', { enum: BOOKMARK_IMPORT_STATUSES }).notNull().default('running'),
    total: integer('total').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    /** [{ url, title, reason }] for every bookmark not imported. */
    skipped: jsonb('skipped').$type<SkippedBookmark[]>().notNull().default([]),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('bookmark_imports_workspace_idx').on(table.workspaceId, table.createdAt),
    check('bookmark_imports_status_check', oneOf(table.status, BOOKMARK_IMPORT_STATUSES)),
  ],
);

/**
 * One URL a member submitted to a workspace. Status: pending (queued) → fetching (a job works on it) →
 * completed (workspace_tool_id or resource_id set) | quarantined (quarantine_context says why; not retried by
 * itself; an editor retries, releases with hand-typed metadata, or rejects it) | failed (transient failures
 * outlasted every retry, or the submitter lost write access first) | rejected (an editor turned a quarantined
 * submission down).
 */
export const ingestionSubmissions = pgTable(
  'ingestion_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    /** What is being ingested: a tool or a resource. */
    kind: text('kind', { enum: SUBMISSION_KINDS }).notNull().default('tool'),
    submittedUrl: text('submitted_url').notNull(),
    submittedFingerprint: text('submitted_fingerprint').notNull(),
    submittedByUserId: uuid('submitted_by_user_id').notNull(),
    submittedComment: text('submitted_comment'),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('pending'),
    quarantineContext: jsonb('quarantine_context').$type<QuarantineContext>(),
    workspaceToolId: uuid('workspace_tool_id').references(() => workspaceTools.id, { onDelete: 'set null' }),
    resourceId: uuid('resource_id').references(() => resources.id, { onDelete: 'set null' }),
    /** Set for the enrichment of a bookmark that an import created. */
    bookmarkImportId: uuid('bookmark_import_id').references(() => bookmarkImports.id, {
      onDelete: 'set null',
    }),
    reviewedByUserId: uuid('reviewed_by_user_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    preIngestionExtractedData: jsonb('pre_ingestion_extracted_data').$type<PreIngestionExtractedData>(),
    ...timestamps,
  },
  (table) => [
    index('ingestion_submissions_workspace_idx').on(table.workspaceId, table.kind, table.createdAt),
    // A member who loses write access has their unsettled submissions failed at once: only those are indexed.
    index('ingestion_submissions_unsettled_idx')
      .on(table.submittedByUserId, table.workspaceId)
      .where(sql`${table.status} in ('pending', 'fetching')`),
    check('ingestion_submissions_status_check', oneOf(table.status, SUBMISSION_STATUSES)),
    check('ingestion_submissions_kind_check', oneOf(table.kind, SUBMISSION_KINDS)),
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
    /** At most one queued job holds a given key: enqueueing again joins the waiting job (debounced work). */
    dedupeKey: text('dedupe_key'),
    /** The host the job fetches from, when its worker limits the jobs per host (enrichment politeness). */
    host: text('host'),
    /** Claimed before every due job of a higher number: 0 for work someone asked for, 1 for background sweeps. */
    priority: integer('priority').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    // Only unfinished jobs are ever claimed; finished ones stay out of the index.
    index('jobs_due_idx')
      .on(table.queue, table.priority, table.runAt)
      .where(sql`${table.state} in ('queued', 'running')`),
    uniqueIndex('jobs_dedupe_key_idx')
      .on(table.dedupeKey)
      .where(sql`${table.state} = 'queued'`),
    check('jobs_state_check', sql`${table.state} in ('queued', 'running', 'completed', 'failed')`),
  ],
);
