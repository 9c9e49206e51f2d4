import { and, eq, inArray, sql } from 'drizzle-orm';
import { usernames, workspaceTools, workspaceToolStances } from '@stackyard/db/schema';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { Authorized, CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

// The only writer of workspace_tool_stances.

export interface StanceRow {
  workspaceToolId: string;
  stance: ToolStance;
  note: string | null;
  category: string | null;
  updatedBy: string | null;
  updatedByUsername: string | null;
  updatedAt: Date | null;
}

/** The stances of these tools of the workspace; a tool without a row reads as accepted. Unknown ids are left out. */
export async function findStances(
  db: Executor,
  access: CatalogReader,
  toolIds: string[],
): Promise<StanceRow[]> {
  if (toolIds.length === 0) return [];
  return db
    .select({
      workspaceToolId: workspaceTools.id,
      stance: sql<ToolStance>`coalesce(${workspaceToolStances.stance}, 'accepted')`,
      note: workspaceToolStances.note,
      category: workspaceToolStances.category,
      updatedBy: workspaceToolStances.updatedBy,
      updatedByUsername: usernames.username,
      updatedAt: workspaceToolStances.updatedAt,
    })
    .from(workspaceTools)
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
    .leftJoin(
      usernames,
      and(eq(usernames.identityId, workspaceToolStances.updatedBy), eq(usernames.isCurrent, true)),
    )
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), inArray(workspaceTools.id, toolIds)))
    .orderBy(workspaceTools.slug);
}

/** The tool ids among these that belong to the workspace. */
export async function toolsOfWorkspace(
  db: Executor,
  access: CatalogReader,
  toolIds: string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceTools.id })
    .from(workspaceTools)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), inArray(workspaceTools.id, toolIds)));
  return rows.map((row) => row.id);
}

/** Replaces one tool's stance, note and category. The caller has checked that the tool is the workspace's. */
export async function upsertStance(
  db: Executor,
  access: Authorized<'catalog:write'>,
  toolId: string,
  value: { stance: ToolStance; note: string | null; category: string | null },
): Promise<void> {
  const row = { ...value, updatedBy: access.userId, updatedAt: new Date() };
  await db
    .insert(workspaceToolStances)
    .values({ workspaceToolId: toolId, ...row })
    .onConflictDoUpdate({ target: workspaceToolStances.workspaceToolId, set: row });
}

/** Sets one stance on many tools of the workspace, keeping each one's note and category. */
export async function upsertStances(
  db: Executor,
  access: Authorized<'catalog:write'>,
  toolIds: string[],
  stance: ToolStance,
): Promise<void> {
  if (toolIds.length === 0) return;
  const updatedAt = new Date();
  await db
    .insert(workspaceToolStances)
    .values(toolIds.map((id) => ({ workspaceToolId: id, stance, updatedBy: access.userId, updatedAt })))
    .onConflictDoUpdate({
      target: workspaceToolStances.workspaceToolId,
      set: { stance, updatedBy: access.userId, updatedAt },
    });
}
