import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SharedWorkspace } from '@stackyard/contracts/account';
import {
  accessTokens,
  comments,
  oauthGrants,
  profiles,
  workspaceMembers,
  workspaces,
} from '@stackyard/db/schema';
import type { Executor } from '../db.ts';

/**
 * The workspaces the user owns, each with how many other people are members of it, as the deletion preview
 * answers a shared workspace. With `lock`, the rows are locked until the transaction ends: adding a member
 * takes a key-share lock on its workspace (the foreign key), so nobody joins between this count and the
 * deletion.
 */
export async function ownedWorkspaces(
  db: Executor,
  userId: string,
  lock: boolean,
): Promise<SharedWorkspace[]> {
  const query = db
    .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
  const owned = lock ? await query.for('update') : await query;
  if (owned.length === 0) return [];
  const counts = await db
    .select({ workspaceId: workspaceMembers.workspaceId, count: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(
      and(
        inArray(
          workspaceMembers.workspaceId,
          owned.map((row) => row.id),
        ),
        ne(workspaceMembers.userId, userId),
      ),
    )
    .groupBy(workspaceMembers.workspaceId);
  const byId = new Map(counts.map((row) => [row.workspaceId, row.count]));
  return owned.map((row) => ({ ...row, other_members: byId.get(row.id) ?? 0 }));
}

/** Everything the user wrote in workspaces that stay (those they own alone go with their catalog). */
export async function deleteCommentsBy(db: Executor, userId: string): Promise<void> {
  await db.delete(comments).where(eq(comments.commenterId, userId));
}

export async function deleteMembershipsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, userId));
}

export async function deleteAccessTokensOf(db: Executor, userId: string): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.userId, userId));
  await db.delete(oauthGrants).where(eq(oauthGrants.userId, userId));
}

/** The profile and, by their foreign key, every username the user held. */
export async function deleteProfile(db: Executor, userId: string): Promise<void> {
  await db.delete(profiles).where(eq(profiles.identityId, userId));
}
