import { and, eq } from 'drizzle-orm';
import { workspaceMembers, workspaces } from '@stackyard/db/schema';
import type { AccessRole } from '@stackyard/contracts/workspace';
import type { Executor } from '../db.ts';

export async function findMembership(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<{ ownerId: string; role: AccessRole } | null> {
  const [row] = await db
    .select({ ownerId: workspaces.ownerId, role: workspaceMembers.accessRole })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The membership, locked until the caller's transaction ends (FOR SHARE): a removal or a role change waits
 * for that transaction, or has committed before the read. The workspace's row is read first (FOR KEY SHARE),
 * in the order deleting a workspace locks them (its row, then its members): the other order could deadlock.
 */
export async function lockMembership(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<{ ownerId: string; role: AccessRole } | null> {
  const [workspace] = await db
    .select({ ownerId: workspaces.ownerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('key share');
  if (!workspace) return null;
  const [member] = await db
    .select({ role: workspaceMembers.accessRole })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for('share');
  return member ? { ownerId: workspace.ownerId, role: member.role } : null;
}
