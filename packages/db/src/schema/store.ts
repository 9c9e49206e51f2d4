import type { StoreSyncError } from '@stackyard/contracts/store';
import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { workspaces } from './workspaces.ts';

// Workspace repository store (issue 8): the GitHub App installation and repository a workspace syncs to.

/**
 * One row per workspace that has started setting up storage. installation_id arrives from the GitHub App
 * callback; the repository columns are set on connect and cleared on disconnect. changed_at is bumped by every
 * catalog change; synced_through is the changed_at a successful sync covered, so a sync with nothing new to
 * write is skipped and a failed one leaves the workspace due.
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
  ...timestamps,
});
