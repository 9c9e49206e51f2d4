import { and, asc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  comments,
  profiles,
  projectTags,
  projectTools,
  projects,
  resourceTags,
  resources,
  tags,
  toolTags,
  tools,
  usernames,
  workspaceMembers,
  workspaceToolStances,
  workspaceTools,
  workspaces,
} from '@stackyard/db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Authorized } from '../access/access.ts';
import type { Executor } from '../db.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

// The reads of the data export: each list is read in pages by keyset, so no query loads a whole catalog.

type Reader = Authorized<'catalog:read'>;

/** Where the previous page ended: the row's creation time as PostgreSQL's text (microseconds kept) and id. */
export interface PageEnd {
  createdAt: string;
  id: string;
}

// Keyset on the (workspace_id, created_at, id) indexes; the time goes back as text so no precision is lost.
function after(createdAt: AnyPgColumn, id: AnyPgColumn, end: PageEnd | null): SQL | undefined {
  return end ? sql`(${createdAt}, ${id}) > (${end.createdAt}::timestamptz, ${end.id}::uuid)` : undefined;
}

export async function findProfileForExport(db: Executor, identityId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.identityId, identityId)).limit(1);
  return row ?? null;
}

export async function usernamesOf(db: Executor, identityId: string) {
  return db
    .select({ username: usernames.username, isCurrent: usernames.isCurrent, createdAt: usernames.createdAt })
    .from(usernames)
    .where(eq(usernames.identityId, identityId))
    .orderBy(asc(usernames.createdAt), asc(usernames.username));
}

/** The workspaces the user owns, oldest first. */
export async function ownedWorkspaceIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  return rows.map((row) => row.id);
}

export async function workspaceForExport(db: Executor, access: Reader) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, access.workspaceId)).limit(1);
  return row ?? null;
}

export async function membersForExport(db: Executor, access: Reader) {
  return db
    .select({
      userId: workspaceMembers.userId,
      username: usernames.username,
      accessRole: workspaceMembers.accessRole,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .leftJoin(usernames, currentUsernameOf(workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, access.workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
}

export async function tagsForExport(db: Executor, access: Reader) {
  return db
    .select()
    .from(tags)
    .where(eq(tags.workspaceId, access.workspaceId))
    .orderBy(asc(tags.createdAt), asc(tags.id));
}

/**
 * A page of the workspace's tools: the page's rows are chosen from workspace_tools alone, then joined. Joined
 * first, a planner that takes the workspace for small (no statistics yet after a large import) would join
 * every remaining tool before sorting and keeping a page.
 */
export async function toolPage(db: Executor, access: Reader, end: PageEnd | null, limit: number) {
  const page = db
    .select({
      id: workspaceTools.id,
      toolId: workspaceTools.toolId,
      slug: workspaceTools.slug,
      rawSubmittedUrl: workspaceTools.rawSubmittedUrl,
      rating: workspaceTools.rating,
      createdAt: workspaceTools.createdAt,
      updatedAt: workspaceTools.updatedAt,
      cursor: sql<string>`${workspaceTools.createdAt}::text`.as('cursor'),
    })
    .from(workspaceTools)
    .where(
      and(
        eq(workspaceTools.workspaceId, access.workspaceId),
        after(workspaceTools.createdAt, workspaceTools.id, end),
      ),
    )
    .orderBy(asc(workspaceTools.createdAt), asc(workspaceTools.id))
    .limit(limit)
    .as('page');
  return db
    .select({
      id: page.id,
      slug: page.slug,
      rawSubmittedUrl: page.rawSubmittedUrl,
      rating: page.rating,
      name: tools.name,
      description: tools.description,
      canonicalUrl: tools.canonicalUrl,
      homepageUrl: tools.homepageUrl,
      forgeUrl: tools.forgeUrl,
      stance: workspaceToolStances.stance,
      category: workspaceToolStances.category,
      note: workspaceToolStances.note,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      cursor: page.cursor,
    })
    .from(page)
    .innerJoin(tools, eq(tools.id, page.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, page.id))
    .orderBy(asc(page.createdAt), asc(page.id));
}

export async function resourcePage(db: Executor, access: Reader, end: PageEnd | null, limit: number) {
  return db
    .select({
      id: resources.id,
      rawSubmittedUrl: resources.rawSubmittedUrl,
      extractedTitle: resources.extractedTitle,
      extractedDescription: resources.extractedDescription,
      extractedImage: resources.extractedImage,
      siteName: resources.siteName,
      author: resources.author,
      rating: resources.rating,
      createdAt: resources.createdAt,
      updatedAt: resources.updatedAt,
      cursor: sql<string>`${resources.createdAt}::text`,
    })
    .from(resources)
    .where(and(eq(resources.workspaceId, access.workspaceId), after(resources.createdAt, resources.id, end)))
    .orderBy(asc(resources.createdAt), asc(resources.id))
    .limit(limit);
}

export async function projectPage(db: Executor, access: Reader, end: PageEnd | null, limit: number) {
  return db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
      cursor: sql<string>`${projects.createdAt}::text`,
    })
    .from(projects)
    .where(and(eq(projects.workspaceId, access.workspaceId), after(projects.createdAt, projects.id, end)))
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(limit);
}

/** Pairs (item, linked id) for one page of items: tags of tools, resources or projects, tools of projects. */
export async function linksOf(
  db: Executor,
  kind: 'tool-tags' | 'resource-tags' | 'project-tags' | 'project-tools',
  ids: string[],
): Promise<Array<{ itemId: string; linkedId: string }>> {
  if (ids.length === 0) return [];
  switch (kind) {
    case 'tool-tags':
      return db
        .select({ itemId: toolTags.workspaceToolId, linkedId: toolTags.tagId })
        .from(toolTags)
        .where(inArray(toolTags.workspaceToolId, ids));
    case 'resource-tags':
      return db
        .select({ itemId: resourceTags.resourceId, linkedId: resourceTags.tagId })
        .from(resourceTags)
        .where(inArray(resourceTags.resourceId, ids));
    case 'project-tags':
      return db
        .select({ itemId: projectTags.projectId, linkedId: projectTags.tagId })
        .from(projectTags)
        .where(inArray(projectTags.projectId, ids));
    case 'project-tools':
      return db
        .select({ itemId: projectTools.projectId, linkedId: projectTools.workspaceToolId })
        .from(projectTools)
        .where(inArray(projectTools.projectId, ids));
  }
}

const commentColumns = {
  id: comments.id,
  workspaceId: comments.workspaceId,
  commenterId: comments.commenterId,
  projectId: comments.projectId,
  workspaceToolId: comments.workspaceToolId,
  resourceId: comments.resourceId,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

/** A workspace's comments by everyone, in pages by id. */
export async function commentPage(db: Executor, access: Reader, afterId: string | null, limit: number) {
  return db
    .select({ ...commentColumns, commenterUsername: usernames.username })
    .from(comments)
    .leftJoin(usernames, currentUsernameOf(comments.commenterId))
    .where(and(eq(comments.workspaceId, access.workspaceId), afterId ? gt(comments.id, afterId) : undefined))
    .orderBy(asc(comments.id))
    .limit(limit);
}

/**
 * The user's own comments in workspaces someone else owns, with the workspace's name and what each is about.
 * Read by commenter (comments_commenter_idx), whether or not the user is still a member there.
 */
export async function commentsElsewherePage(
  db: Executor,
  userId: string,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      ...commentColumns,
      workspaceName: workspaces.name,
      title: sql<
        string | null
      >`coalesce(${projects.name}, ${tools.name}, ${workspaceTools.slug}, ${resources.extractedTitle}, ${resources.rawSubmittedUrl})`,
    })
    .from(comments)
    .innerJoin(workspaces, eq(workspaces.id, comments.workspaceId))
    .leftJoin(projects, eq(projects.id, comments.projectId))
    .leftJoin(workspaceTools, eq(workspaceTools.id, comments.workspaceToolId))
    .leftJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(resources, eq(resources.id, comments.resourceId))
    .where(
      and(
        eq(comments.commenterId, userId),
        ne(workspaces.ownerId, userId),
        afterId ? gt(comments.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(comments.id))
    .limit(limit);
}
