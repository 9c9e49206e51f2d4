import { and, asc, eq, ne, sql, type Placeholder } from 'drizzle-orm';
import {
  ingestionSubmissions,
  projects,
  resources,
  tags,
  usernames,
  workspaceMembers,
  workspaces,
  workspaceTools,
} from '@stackyard/db/schema';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import type { Authorized, CatalogReader } from '../access/access.ts';
import { isoText, type Executor } from '../db.ts';
import { preparedOn } from '../prepared.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

// A workspace as the API lists it for the member it is read for.
const listColumns = {
  id: workspaces.id,
  name: workspaces.name,
  slug: workspaces.slug,
  description: workspaces.description,
  owner_id: workspaces.ownerId,
  access_level: workspaceMembers.accessRole,
  is_owner: sql<boolean>`${workspaces.ownerId} = ${workspaceMembers.userId}`,
  owner_username: usernames.username,
  previous_slugs: workspaces.previousSlugs,
  // The owner's earlier usernames (which stay theirs for a while), so pages under them can redirect.
  owner_previous_usernames: sql<string[]>`coalesce((
    select array_agg(previous.username order by previous.username) from usernames previous
    where previous.identity_id = ${workspaces.ownerId} and not previous.is_current
  ), '{}'::text[])`,
  created_at: isoText(workspaces.createdAt),
  updated_at: isoText(workspaces.updatedAt),
};

function workspacesOf(db: Executor, userId: string | Placeholder) {
  return db
    .select(listColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(usernames, currentUsernameOf(workspaces.ownerId))
    .where(eq(workspaceMembers.userId, userId))
    .$dynamic();
}

/** The workspaces the user is a member of, oldest first (so "the first workspace" is stable). */
export async function listWorkspacesOf(db: Executor, userId: string): Promise<WorkspaceListItem[]> {
  const make = () =>
    workspacesOf(db, sql.placeholder('userId')).orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  return preparedOn(db, 'workspaces_of_user', make).execute({ userId });
}

export async function findWorkspaceOf(
  db: Executor,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceListItem | null> {
  const [row] = await workspacesOf(db, userId)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaces.id, workspaceId)))
    .limit(1);
  return row ?? null;
}

/** Every slug, current or previous, of the owner's workspaces (but one): a new slug must avoid them all. */
export async function slugsOfOwner(db: Executor, ownerId: string, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: workspaces.slug, previousSlugs: workspaces.previousSlugs })
    .from(workspaces)
    .where(
      exceptId
        ? and(eq(workspaces.ownerId, ownerId), ne(workspaces.id, exceptId))
        : eq(workspaces.ownerId, ownerId),
    );
  return new Set(rows.flatMap((row) => [row.slug, ...row.previousSlugs]));
}

/** The workspace and its owner's admin membership, in the caller's transaction. */
export async function insertWorkspace(
  db: Executor,
  values: { ownerId: string; name: string; slug: string; description: string | null },
): Promise<string> {
  const [row] = await db.insert(workspaces).values(values).returning({ id: workspaces.id });
  if (!row) throw new Error('insert returned no row');
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: row.id, userId: values.ownerId, accessRole: 'admin' });
  return row.id;
}

export async function updateWorkspace(
  db: Executor,
  access: Authorized<'workspace:update'>,
  patch: { name?: string; slug?: string; description?: string | null; previousSlugs?: string[] },
): Promise<void> {
  await db
    .update(workspaces)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(workspaces.id, access.workspaceId));
}

/**
 * Removes the workspace and everything in it. Foreign keys cascade too; the explicit deletes keep it
 * complete if a later table forgets to.
 */
export async function deleteWorkspace(db: Executor, access: Authorized<'workspace:delete'>): Promise<void> {
  await db.delete(workspaceMembers).where(eq(workspaceMembers.workspaceId, access.workspaceId));
  await db.delete(workspaces).where(eq(workspaces.id, access.workspaceId));
}

export async function countWorkspacesOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return row?.count ?? 0;
}

export interface WorkspaceCounts {
  tools: number;
  resources: number;
  projects: number;
  tags: number;
  members: number;
  ingestionsInProgress: number;
  ingestionsNeedingReview: number;
}

/** What the workspace holds, in one round trip: each count walks an index on workspace_id. */
export async function countWorkspaceContents(db: Executor, access: CatalogReader): Promise<WorkspaceCounts> {
  const id = access.workspaceId;
  const count = (table: typeof workspaceTools | typeof resources | typeof projects | typeof tags) =>
    sql<number>`(select count(*)::int from ${table} where ${table.workspaceId} = ${id})`;
  const submissions = (statuses: string[], listed = sql``) =>
    sql<number>`(select count(*)::int from ${ingestionSubmissions} where ${ingestionSubmissions.workspaceId} = ${id} and ${ingestionSubmissions.status} in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )})${listed})`;
  // Those to review are the ones the submission lists show: the background enrichment of imported bookmarks
  // is left out there (hundreds fail at once when their importer loses write access).
  const inLists = sql` and ${ingestionSubmissions.bookmarkImportId} is null`;
  const result = (await db.execute(sql`select
    ${count(workspaceTools)} as "tools",
    ${count(resources)} as "resources",
    ${count(projects)} as "projects",
    ${count(tags)} as "tags",
    (select count(*)::int from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${id}) as "members",
    ${submissions(['pending', 'fetching'])} as "ingestionsInProgress",
    ${submissions(['quarantined', 'failed'], inLists)} as "ingestionsNeedingReview"`)) as {
    rows: WorkspaceCounts[];
  };
  const [row] = result.rows;
  if (!row) throw new Error('count returned no row');
  return row;
}
