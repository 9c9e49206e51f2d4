import { and, asc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { AccountExport } from '@stackyard/contracts/account';
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
import { isoText, type Executor } from '../db.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

// The reads of the data export, each answering the document's objects with their keys in its order: each
// list is read in pages by keyset, so no query loads a whole catalog.

type Reader = Authorized<'catalog:read'>;
type Owned = AccountExport['owned_workspaces'][number];

/** Where the previous page ended: the row's creation time as PostgreSQL's text (microseconds kept) and id. */
export interface PageEnd {
  createdAt: string;
  id: string;
}

/** A catalog row with its `cursor`, the creation time as PostgreSQL's text, for the next page's PageEnd. */
type Paged<Item> = Item & { cursor: string };

// Keyset on the (workspace_id, created_at, id) indexes; the time goes back as text so no precision is lost.
function after(createdAt: AnyPgColumn, id: AnyPgColumn, end: PageEnd | null): SQL | undefined {
  return end ? sql`(${createdAt}, ${id}) > (${end.createdAt}::timestamptz, ${end.id}::uuid)` : undefined;
}

const cursorOf = (createdAt: AnyPgColumn) => sql<string>`${createdAt}::text`;

/** The ids a link table pairs with one item, in order (uuid order is their text's order). */
function linked(linkedId: AnyPgColumn, itemId: AnyPgColumn, item: AnyPgColumn): SQL<string[]> {
  return sql<string[]>`array(select ${linkedId}::text from ${linkedId.table}
    where ${itemId} = ${item} order by ${linkedId})`;
}

/** The profile's own fields, in the document's order; its identity and usernames come from elsewhere. */
export async function findProfileForExport(db: Executor, identityId: string) {
  const [row] = await db
    .select({
      display_name: profiles.displayName,
      bio: profiles.bio,
      avatar_url: profiles.avatarUrl,
      theme: profiles.theme,
      created_at: isoText(profiles.createdAt),
    })
    .from(profiles)
    .where(eq(profiles.identityId, identityId))
    .limit(1);
  return row ?? null;
}

export async function usernamesOf(
  db: Executor,
  identityId: string,
): Promise<AccountExport['profile']['usernames']> {
  return db
    .select({
      username: usernames.username,
      is_current: usernames.isCurrent,
      created_at: isoText(usernames.createdAt),
    })
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

export async function workspaceForExport(db: Executor, access: Reader): Promise<Owned['workspace'] | null> {
  const [row] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      slug: workspaces.slug,
      description: workspaces.description,
      previous_slugs: workspaces.previousSlugs,
      created_at: isoText(workspaces.createdAt),
      updated_at: isoText(workspaces.updatedAt),
    })
    .from(workspaces)
    .where(eq(workspaces.id, access.workspaceId))
    .limit(1);
  return row ?? null;
}

export async function membersForExport(db: Executor, access: Reader): Promise<Owned['members']> {
  return db
    .select({
      user_id: workspaceMembers.userId,
      username: usernames.username,
      access_role: workspaceMembers.accessRole,
      is_owner: sql<boolean>`${workspaceMembers.userId} = ${access.ownerId}`,
      joined_at: isoText(workspaceMembers.createdAt),
    })
    .from(workspaceMembers)
    .leftJoin(usernames, currentUsernameOf(workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, access.workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
}

export async function tagsForExport(db: Executor, access: Reader): Promise<Owned['tags']> {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      color: tags.color,
      description: tags.description,
      criteria: tags.criteria,
      created_at: isoText(tags.createdAt),
    })
    .from(tags)
    .where(eq(tags.workspaceId, access.workspaceId))
    .orderBy(asc(tags.createdAt), asc(tags.id));
}

/**
 * A page of the workspace's tools: the page's rows are chosen from workspace_tools alone, then joined. Joined
 * first, a planner that takes the workspace for small (no statistics yet after a large import) would join
 * every remaining tool before sorting and keeping a page.
 */
export async function toolPage(
  db: Executor,
  access: Reader,
  end: PageEnd | null,
  limit: number,
): Promise<Array<Paged<Owned['tools'][number]>>> {
  const page = db
    .select({
      id: workspaceTools.id,
      toolId: workspaceTools.toolId,
      slug: workspaceTools.slug,
      rawSubmittedUrl: workspaceTools.rawSubmittedUrl,
      rating: workspaceTools.rating,
      createdAt: workspaceTools.createdAt,
      updatedAt: workspaceTools.updatedAt,
      cursor: cursorOf(workspaceTools.createdAt).as('cursor'),
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
      raw_submitted_url: page.rawSubmittedUrl,
      rating: page.rating,
      name: tools.name,
      description: tools.description,
      canonical_url: tools.canonicalUrl,
      homepage_url: tools.homepageUrl,
      forge_url: tools.forgeUrl,
      stance: sql<Owned['tools'][number]['stance']>`case when ${workspaceToolStances.stance} is not null
        then json_build_object('stance', ${workspaceToolStances.stance},
          'category', ${workspaceToolStances.category}, 'note', ${workspaceToolStances.note}) end`,
      tag_ids: linked(toolTags.tagId, toolTags.workspaceToolId, page.id),
      created_at: isoText(page.createdAt),
      updated_at: isoText(page.updatedAt),
      cursor: page.cursor,
    })
    .from(page)
    .innerJoin(tools, eq(tools.id, page.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, page.id))
    .orderBy(asc(page.createdAt), asc(page.id));
}

export async function resourcePage(
  db: Executor,
  access: Reader,
  end: PageEnd | null,
  limit: number,
): Promise<Array<Paged<Owned['resources'][number]>>> {
  return db
    .select({
      id: resources.id,
      raw_submitted_url: resources.rawSubmittedUrl,
      extracted_title: resources.extractedTitle,
      extracted_description: resources.extractedDescription,
      extracted_image: resources.extractedImage,
      site_name: resources.siteName,
      author: resources.author,
      rating: resources.rating,
      tag_ids: linked(resourceTags.tagId, resourceTags.resourceId, resources.id),
      created_at: isoText(resources.createdAt),
      updated_at: isoText(resources.updatedAt),
      cursor: cursorOf(resources.createdAt),
    })
    .from(resources)
    .where(and(eq(resources.workspaceId, access.workspaceId), after(resources.createdAt, resources.id, end)))
    .orderBy(asc(resources.createdAt), asc(resources.id))
    .limit(limit);
}

export async function projectPage(
  db: Executor,
  access: Reader,
  end: PageEnd | null,
  limit: number,
): Promise<Array<Paged<Owned['projects'][number]>>> {
  return db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      tool_ids: linked(projectTools.workspaceToolId, projectTools.projectId, projects.id),
      tag_ids: linked(projectTags.tagId, projectTags.projectId, projects.id),
      created_at: isoText(projects.createdAt),
      updated_at: isoText(projects.updatedAt),
      cursor: cursorOf(projects.createdAt),
    })
    .from(projects)
    .where(and(eq(projects.workspaceId, access.workspaceId), after(projects.createdAt, projects.id, end)))
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(limit);
}

// What a comment is about: the table's check constraint sets exactly one of the three.
const targetKind = sql`case when ${comments.projectId} is not null then 'project'
  when ${comments.workspaceToolId} is not null then 'tool' else 'resource' end`;
const targetId = sql`coalesce(${comments.projectId}, ${comments.workspaceToolId}, ${comments.resourceId})`;

/** A workspace's comments by everyone, in pages by id. */
export async function commentPage(
  db: Executor,
  access: Reader,
  afterId: string | null,
  limit: number,
): Promise<Owned['comments']> {
  return db
    .select({
      id: comments.id,
      on: sql<Owned['comments'][number]['on']>`json_build_object('kind', ${targetKind}, 'id', ${targetId})`,
      commenter_id: comments.commenterId,
      commenter_username: usernames.username,
      content: comments.content,
      created_at: isoText(comments.createdAt),
      updated_at: isoText(comments.updatedAt),
    })
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
): Promise<AccountExport['comments_elsewhere']> {
  const title = sql`coalesce(${projects.name}, ${tools.name}, ${workspaceTools.slug},
    ${resources.extractedTitle}, ${resources.rawSubmittedUrl})`;
  return db
    .select({
      id: comments.id,
      workspace: { id: workspaces.id, name: workspaces.name },
      on: sql<AccountExport['comments_elsewhere'][number]['on']>`json_build_object('kind', ${targetKind},
        'id', ${targetId}, 'title', ${title})`,
      content: comments.content,
      created_at: isoText(comments.createdAt),
      updated_at: isoText(comments.updatedAt),
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
