import { check, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { SCAN_SOURCES, type ScanResultBody } from '@stackyard/contracts/drift';
import { projects } from './catalog.ts';
import { oneOf, ownedBy } from './columns.ts';
import { workspaces } from './workspaces.ts';

// The latest scan of a workspace's code (project_id null) and of each project's: what the drift page and
// get_drift compare with the stances. A new upload replaces the row, so the table never grows per upload.

export const repositoryScans = pgTable(
  'repository_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    source: text('source', { enum: SCAN_SOURCES }).notNull(),
    // The commit a repository scan read; null for uploads.
    commitSha: text('commit_sha'),
    result: jsonb('result').$type<ScanResultBody>().notNull(),
    // An identity id, like comments.commenter_id: no foreign key to the identity service.
    scannedBy: uuid('scanned_by').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One row per workspace and per project; the workspace's own has no project, and nulls are one value.
    unique('repository_scans_target_key').on(table.workspaceId, table.projectId).nullsNotDistinct(),
    check('repository_scans_source_check', oneOf(table.source, SCAN_SOURCES)),
  ],
);
