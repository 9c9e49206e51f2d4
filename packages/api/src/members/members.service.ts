import { AppError } from '@stackyard/contracts/problem';
import type { AddMember, Member } from '@stackyard/contracts/member';
import type { AccessRole } from '@stackyard/contracts/workspace';
import type { Database } from '@stackyard/db/client';
import { authorize, WORKSPACE_NOT_FOUND } from '../access/access.ts';
import { changingMemberships } from '../access/membership-cache.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, type Executor } from '../db.ts';
import { settleWorkIfNoLongerWriter, settleWorkOf } from '../jobs/lost-access.ts';
import { findIdentityByUsername, findProfile, lockProfile } from '../profiles/profiles.repo.ts';
import { slugsOfOwner } from '../workspaces/workspaces.repo.ts';
import {
  deleteMember,
  findMember,
  insertMember,
  leave,
  listMembers as readMembers,
  lockWorkspace,
  setMemberRole,
  setOwner,
} from './members.repo.ts';

export const MEMBER_NOT_FOUND = 'Member not found';
export const OWNER_ROLE_FIXED = "The owner's role cannot be changed: the owner is always an admin.";
export const OWNER_STAYS = 'The owner cannot leave or be removed from their workspace.';
export const ALREADY_MEMBER = 'This user is already a member of the workspace.';
export const ALREADY_OWNER = 'You already own this workspace.';
export const NEW_OWNER_NOT_MEMBER =
  'Only a member of the workspace can become its owner: add them as a member first.';

function newOwnerHasSlug(name: string, slug: string): string {
  return `${name} already has a workspace with the slug "${slug}". Change this workspace's slug first, then transfer it.`;
}

export async function listMembers(db: Database, actor: Actor, workspaceId: string): Promise<Member[]> {
  const access = await authorize(db, actor, workspaceId, 'members:read');
  return readMembers(db, access);
}

/**
 * Owner and admins; the owner's own role never changes. A member lowered to viewer has their queued work
 * settled (jobs/lost-access.ts); one raised or left as they were keeps it.
 */
export async function changeRole(
  db: Database,
  actor: Actor,
  workspaceId: string,
  userId: string,
  role: AccessRole,
): Promise<Member> {
  return changingMemberships(db, workspaceId, () =>
    inTransaction(db, async (tx) => {
      const access = await authorize(tx, actor, workspaceId, 'members:manage');
      if (userId === access.ownerId) throw new AppError('conflict', OWNER_ROLE_FIXED);
      if (!(await setMemberRole(tx, access, userId, role))) throw new AppError('not_found', MEMBER_NOT_FOUND);
      await settleWorkIfNoLongerWriter(tx, workspaceId, userId);
      return requireMember(tx, workspaceId, userId);
    }),
  );
}

/**
 * Owner and admins remove anyone but the owner; any member may remove themselves (leave). The member's queued
 * work there is settled (jobs/lost-access.ts).
 */
export async function removeMember(
  db: Database,
  actor: Actor,
  workspaceId: string,
  userId: string,
): Promise<void> {
  await changingMemberships(db, workspaceId, () =>
    inTransaction(db, async (tx) => {
      if (userId === actor.userId) {
        const access = await authorize(tx, actor, workspaceId, 'members:leave');
        if (access.isOwner) throw new AppError('conflict', OWNER_STAYS);
        await leave(tx, access);
      } else {
        const access = await authorize(tx, actor, workspaceId, 'members:manage');
        if (userId === access.ownerId) throw new AppError('conflict', OWNER_STAYS);
        if (!(await deleteMember(tx, access, userId))) throw new AppError('not_found', MEMBER_NOT_FOUND);
      }
      await settleWorkOf(tx, userId, workspaceId);
    }),
  );
}

/**
 * Owner and admins add an existing user by their username; an earlier one of theirs still finds them, as
 * their old addresses still lead to them.
 */
export async function addMember(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: AddMember,
): Promise<Member> {
  return inTransaction(db, async (tx) => {
    const access = await authorize(tx, actor, workspaceId, 'members:manage');
    const userId = await findIdentityByUsername(tx, input.username);
    if (!userId) throw new AppError('unprocessable', `No user has the username "${input.username}".`);
    if (!(await insertMember(tx, access, userId, input.role))) throw new AppError('conflict', ALREADY_MEMBER);
    return requireMember(tx, workspaceId, userId);
  });
}

/**
 * The owner hands the workspace to another member, who becomes its owner (an admin); the old owner stays as
 * an admin. Its address moves to the new owner's username, so its slug must be free among theirs.
 */
export async function transferOwnership(
  db: Database,
  actor: Actor,
  workspaceId: string,
  newOwnerId: string,
): Promise<Member> {
  // Both roles change: the memberships this process remembers are forgotten once it has committed.
  return changingMemberships(db, workspaceId, () =>
    inTransaction(db, async (tx) => {
      const access = await authorize(tx, actor, workspaceId, 'workspace:transfer');
      if (newOwnerId === access.ownerId) throw new AppError('conflict', ALREADY_OWNER);
      const workspace = await lockWorkspace(tx, access);
      if (!workspace) throw new AppError('not_found', WORKSPACE_NOT_FOUND);
      const target = await findMember(tx, workspaceId, newOwnerId);
      if (!target) throw new AppError('not_found', NEW_OWNER_NOT_MEMBER);
      // Their slug changes (create, rename) wait, so the check below stays true until this commits.
      await lockProfile(tx, newOwnerId);
      const used = await slugsOfOwner(tx, newOwnerId);
      if (used.has(workspace.slug)) {
        const name = (await findProfile(tx, newOwnerId))?.current_username ?? 'The new owner';
        throw new AppError('conflict', newOwnerHasSlug(name, workspace.slug));
      }
      // Old slugs the new owner already uses would lead to two workspaces: those redirects are dropped.
      await setOwner(
        tx,
        access,
        newOwnerId,
        workspace.previousSlugs.filter((slug) => !used.has(slug)),
      );
      return requireMember(tx, workspaceId, newOwnerId);
    }),
  );
}

async function requireMember(db: Executor, workspaceId: string, userId: string): Promise<Member> {
  const member = await findMember(db, workspaceId, userId);
  if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND);
  return member;
}
