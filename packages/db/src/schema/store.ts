import type { StackExportFormat } from '@stackyard/contracts/stack';
import type { StoreSyncError } from '@stackyard/contracts/store';
import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { workspaces } from './workspaces.ts';

// Workspace repository store: the GitHub App installation and repository a workspace syncs to.

/**
 * One row per workspace that has started setting up storage. installation_id arrives from the GitHub App
 * callback; the repository columns are set on connect and cleared on disconnect. changed_at is bumped by every
 * catalog change; synced_through is the changed_at a successful sync covered, so a sync with nothing new to
 * write is skipped and a failed one leaves the workspace due.
 *
 * The AI export: with export_enabled, each sync also writes export_formats' files. export_written
 * is path → git blob SHA of what stackyard last wrote there, so a file the user edited since is recognized and
 * left alone; export_conflicts lists those paths as of the last sync (health shows them).
 */
export const workspaceStores = pgTable('workspace_stores', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  installationId: bigint('installation_id', { mode: 'number' }),
  repositoryOwner: text('repository_owner'),
  repositoryName: text('repository_name'),
  repositoryUrl: text('repository_url'),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  changedAt: timestamp('changed_at', { withTimezone: true }),
  syncedThrough: timestamp('synced_through', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  lastCommitSha: text('last_commit_sha'),
  lastError: jsonb('last_error').$type<StoreSyncError>(),
  exportEnabled: boolean('export_enabled').notNull().default(false),
  exportFormats: text('export_formats').array().$type<StackExportFormat[]>().notNull().default([]),
  exportWritten: jsonb('export_written').$type<Record<string, string>>().notNull().default({}),
  exportConflicts: text('export_conflicts').array().notNull().default([]),
  ...timestamps,
});
