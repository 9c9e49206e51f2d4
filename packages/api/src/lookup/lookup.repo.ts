import { and, eq } from 'drizzle-orm';
import { resources, tools, workspaceMembers, workspaces, workspaceTools } from '@stackyard/db/schema';
import type { Executor } from '../db.ts';

export interface SavedItemRow {
  workspaceId: string;
  workspaceName: string;
  kind: 'tool' | 'resource';
  id: string;
}

/** The tools and resources with this fingerprint in the workspaces the user is a member of. */
export async function findSavedItems(
  db: Executor,
  userId: string,
  fingerprint: string,
): Promise<SavedItemRow[]> {
  const member = (workspaceId: typeof resources.workspaceId | typeof workspaceTools.workspaceId) =>
    and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));
  const [savedResources, savedTools] = await Promise.all([
    db
      .select({ workspaceId: workspaces.id, workspaceName: workspaces.name, id: resources.id })
      .from(resources)
      .innerJoin(workspaceMembers, member(resources.workspaceId))
      .innerJoin(workspaces, eq(workspaces.id, resources.workspaceId))
      .where(eq(resources.fingerprint, fingerprint)),
    db
      .select({ workspaceId: workspaces.id, workspaceName: workspaces.name, id: workspaceTools.id })
      .from(workspaceTools)
      .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
      .innerJoin(workspaceMembers, member(workspaceTools.workspaceId))
      .innerJoin(workspaces, eq(workspaces.id, workspaceTools.workspaceId))
      .where(eq(tools.fingerprint, fingerprint)),
  ]);
  return [
    ...savedTools.map((row) => ({ ...row, kind: 'tool' as const })),
    ...savedResources.map((row) => ({ ...row, kind: 'resource' as const })),
  ];
}
