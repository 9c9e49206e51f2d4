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
