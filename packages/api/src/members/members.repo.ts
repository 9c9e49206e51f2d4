import { and, asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { profiles, usernames, workspaceMembers, workspaces } from '@stackyard/db/schema';
import type { Member } from '@stackyard/contracts/member';
import type { AccessRole } from '@stackyard/contracts/workspace';
import type { Authorized } from '../access/access.ts';
import { isoText, type Executor } from '../db.ts';
import { preparedOn } from '../prepared.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

// A member as the API answers it.
function members(db: Executor, workspaceId: string | Placeholder) {
  return db
    .select({
      workspace_id: workspaceMembers.workspaceId,
      user_id: workspaceMembers.userId,
      access_role: workspaceMembers.accessRole,
      is_owner: sql<boolean>`${workspaceMembers.userId} = ${workspaces.ownerId}`,
      username: usernames.username,
      display_name: profiles.displayName,
      avatar_url: profiles.avatarUrl,
      created_at: isoText(workspaceMembers.createdAt),
      updated_at: isoText(workspaceMembers.updatedAt),
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(profiles, eq(profiles.identityId, workspaceMembers.userId))
    .leftJoin(usernames, currentUsernameOf(workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .$dynamic();
}

/** The row of one user's membership of one workspace. */
function membership(workspaceId: string, userId: string) {
  return and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));
}

/** Owner first, then in the order they joined. */
export async function listMembers(db: Executor, access: Authorized<'members:read'>): Promise<Member[]> {
  const make = () =>
    members(db, sql.placeholder('workspaceId')).orderBy(
      sql`${workspaceMembers.userId} <> ${workspaces.ownerId}`,
      asc(workspaceMembers.createdAt),
      asc(workspaceMembers.userId),
    );
  return preparedOn(db, 'workspace_members_list', make).execute({ workspaceId: access.workspaceId });
}

export async function findMember(db: Executor, workspaceId: string, userId: string): Promise<Member | null> {
  const [row] = await members(db, workspaceId).where(membership(workspaceId, userId)).limit(1);
  return row ?? null;
}

export async function setMemberRole(
  db: Executor,
  access: Authorized<'members:manage'>,
  userId: string,
  role: AccessRole,
): Promise<boolean> {
  const rows = await db
    .update(workspaceMembers)
    .set({ accessRole: role, updatedAt: sql`now()` })
    .where(membership(access.workspaceId, userId))
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

export async function deleteMember(
  db: Executor,
  access: Authorized<'members:manage'>,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .delete(workspaceMembers)
    .where(membership(access.workspaceId, userId))
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

/** The caller leaves: a leave permit removes its holder and nobody else. */
export async function leave(db: Executor, access: Authorized<'members:leave'>): Promise<void> {
  await db.delete(workspaceMembers).where(membership(access.workspaceId, access.userId));
}

/** False when the user already is a member. */
export async function insertMember(
  db: Executor,
  access: Authorized<'members:manage'>,
  userId: string,
  role: AccessRole,
): Promise<boolean> {
  const rows = await db
    .insert(workspaceMembers)
    .values({ workspaceId: access.workspaceId, userId, accessRole: role })
    .onConflictDoNothing()
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

/** The workspace's row, locked until the transaction ends: one ownership change at a time. */
export async function lockWorkspace(
  db: Executor,
  access: Authorized<'workspace:transfer'>,
): Promise<{ slug: string; previousSlugs: string[] } | null> {
  const [row] = await db
    .select({ slug: workspaces.slug, previousSlugs: workspaces.previousSlugs })
    .from(workspaces)
    .where(eq(workspaces.id, access.workspaceId))
    .for('update');
  return row ?? null;
}

/**
 * Hands the workspace to `newOwnerId` (a member), keeping the slug history the new owner can use. The
 * owner is always an admin, so the new owner becomes one, and the old owner stays one.
 */
export async function setOwner(
  db: Executor,
  access: Authorized<'workspace:transfer'>,
  newOwnerId: string,
  previousSlugs: string[],
): Promise<void> {
  await db
    .update(workspaces)
    .set({ ownerId: newOwnerId, previousSlugs, updatedAt: sql`now()` })
    .where(eq(workspaces.id, access.workspaceId));
  await db
    .update(workspaceMembers)
    .set({ accessRole: 'admin', updatedAt: sql`now()` })
    .where(
      and(
        eq(workspaceMembers.workspaceId, access.workspaceId),
        inArray(workspaceMembers.userId, [newOwnerId, access.ownerId]),
      ),
    );
}
