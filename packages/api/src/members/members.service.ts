import { AppError } from '@stackyard/contracts/problem';
import type { AddMember, Member } from '@stackyard/contracts/member';
import type { AccessRole } from '@stackyard/contracts/workspace';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import { changingMemberships } from '../access/membership-cache.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, iso, type Executor } from '../db.ts';
import { findUserByCurrentUsername } from '../profiles/profiles.repo.ts';
import {
  deleteMember,
  findMember,
  insertMember,
  leave,
  listMembers as readMembers,
  setMemberRole,
  type MemberRow,
} from './members.repo.ts';

export const MEMBER_NOT_FOUND = 'Member not found';
export const OWNER_ROLE_FIXED = "The owner's role cannot be changed: the owner is always an admin.";
export const OWNER_STAYS = 'The owner cannot leave or be removed from their workspace.';
export const ALREADY_MEMBER = 'This user is already a member of the workspace.';

export async function listMembers(db: Database, actor: Actor, workspaceId: string): Promise<Member[]> {
  const access = await authorize(db, actor, workspaceId, 'members:read');
  const rows = await readMembers(db, access);
  return rows.map((row) => toMember(row, access.ownerId));
}

/** Owner and admins; the owner's own role never changes. */
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
      return requireMember(tx, workspaceId, userId, access.ownerId);
    }),
  );
}

/** Owner and admins remove anyone but the owner; any member may remove themselves (leave). */
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
        return;
      }
      const access = await authorize(tx, actor, workspaceId, 'members:manage');
      if (userId === access.ownerId) throw new AppError('conflict', OWNER_STAYS);
      if (!(await deleteMember(tx, access, userId))) throw new AppError('not_found', MEMBER_NOT_FOUND);
    }),
  );
}

/** Owner and admins add an existing user by their current username. */
export async function addMember(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: AddMember,
): Promise<Member> {
  return inTransaction(db, async (tx) => {
    const access = await authorize(tx, actor, workspaceId, 'members:manage');
    const user = await findUserByCurrentUsername(tx, input.username);
    if (!user) throw new AppError('unprocessable', `No user has the username "${input.username}".`);
    if (!(await insertMember(tx, access, user.userId, input.role)))
      throw new AppError('conflict', ALREADY_MEMBER);
    return requireMember(tx, workspaceId, user.userId, access.ownerId);
  });
}

async function requireMember(
  db: Executor,
  workspaceId: string,
  userId: string,
  ownerId: string,
): Promise<Member> {
  const row = await findMember(db, workspaceId, userId);
  if (!row) throw new AppError('not_found', MEMBER_NOT_FOUND);
  return toMember(row, ownerId);
}

function toMember(row: MemberRow, ownerId: string): Member {
  return {
    workspace_id: row.workspaceId,
    user_id: row.userId,
    access_role: row.accessRole,
    is_owner: row.userId === ownerId,
    username: row.username,
    display_name: row.displayName,
    avatar_url: row.avatarUrl,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
