import { and, eq, inArray } from 'drizzle-orm';
import { comments, projects, projectTools, resourceTags, tags, toolTags } from '@stackyard/db/schema';
import type { Executor } from '../db.ts';

// The submitter's ingestion hints (spec §3), applied when a submission completes. The submission was
// authorized when it was made; every statement here still keeps to the submission's own workspace, so a tag
// or project deleted (or never of this workspace) meanwhile is simply left out.

/** Of these tag ids, the ones that are the workspace's. */
export async function workspaceTagIds(
  db: Executor,
  workspaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.workspaceId, workspaceId), inArray(tags.id, [...ids])));
  return rows.map((row) => row.id);
}

/** Of these project ids, the ones that are the workspace's. */
export async function workspaceProjectIds(
  db: Executor,
  workspaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), inArray(projects.id, [...ids])));
  return rows.map((row) => row.id);
}

export async function tagTool(
  db: Executor,
  workspaceToolId: string,
  tagIds: readonly string[],
): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insert(toolTags)
    .values(tagIds.map((tagId) => ({ tagId, workspaceToolId })))
    .onConflictDoNothing();
}

export async function tagResource(
  db: Executor,
  resourceId: string,
  tagIds: readonly string[],
): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insert(resourceTags)
    .values(tagIds.map((tagId) => ({ tagId, resourceId })))
    .onConflictDoNothing();
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
