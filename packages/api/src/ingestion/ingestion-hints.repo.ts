import { and, eq, inArray } from 'drizzle-orm';
import { comments, projects, projectTools, resourceTags, tags, toolTags } from '@stackyard/db/schema';
import type { Executor } from '../db.ts';
import type { IngestedItem } from './ingestion-hints.ts';

// The submitter's ingestion hints (spec §3), applied when a submission completes. The submission was
// authorized when it was made; every statement here still keeps to the submission's own workspace, so a tag
// or project deleted (or never of this workspace) meanwhile is simply left out.

/** Of these tag ids, the ones that are the workspace's. */
export function workspaceTagIds(
  db: Executor,
  workspaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  return idsInWorkspace(db, tags, workspaceId, ids);
}

/** Of these project ids, the ones that are the workspace's. */
export function workspaceProjectIds(
  db: Executor,
  workspaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  return idsInWorkspace(db, projects, workspaceId, ids);
}

async function idsInWorkspace(
  db: Executor,
  table: typeof tags | typeof projects,
  workspaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, [...ids])));
  return rows.map((row) => row.id);
}

export async function tagItem(db: Executor, item: IngestedItem, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const insert =
    item.kind === 'tool'
      ? db.insert(toolTags).values(tagIds.map((tagId) => ({ tagId, workspaceToolId: item.workspaceToolId })))
      : db.insert(resourceTags).values(tagIds.map((tagId) => ({ tagId, resourceId: item.resourceId })));
  await insert.onConflictDoNothing();
}

export async function addToolToProjects(
  db: Executor,
  workspaceToolId: string,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db
    .insert(projectTools)
    .values(projectIds.map((projectId) => ({ projectId, workspaceToolId })))
    .onConflictDoNothing();
}

export async function insertItemComment(
  db: Executor,
  input: {
    workspaceId: string;
    commenterId: string;
    content: string;
    workspaceToolId?: string;
    resourceId?: string;
  },
): Promise<void> {
  await db.insert(comments).values({
    workspaceId: input.workspaceId,
    commenterId: input.commenterId,
    content: input.content,
    workspaceToolId: input.workspaceToolId ?? null,
    resourceId: input.resourceId ?? null,
  });
}
