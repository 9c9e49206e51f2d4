import { and, eq, inArray, sql } from 'drizzle-orm';
import { usernames, workspaceTools, workspaceToolStances } from '@stackyard/db/schema';
import type { ToolStance, ToolStanceRecord } from '@stackyard/contracts/stack';
import type { Authorized, CatalogReader } from '../access/access.ts';
import { isoText, type Executor } from '../db.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

// The only writer of workspace_tool_stances.

/** The stances of these tools of the workspace, as the API answers them; a tool without a row reads as accepted. Unknown ids are left out. */
export async function findStances(
  db: Executor,
  access: CatalogReader,
  toolIds: string[],
): Promise<ToolStanceRecord[]> {
  if (toolIds.length === 0) return [];
  return db
    .select({
      workspace_tool_id: workspaceTools.id,
      stance: sql<ToolStance>`coalesce(${workspaceToolStances.stance}, 'accepted')`,
      note: workspaceToolStances.note,
      category: workspaceToolStances.category,
      updated_by: workspaceToolStances.updatedBy,
      updated_by_username: usernames.username,
      // Null for a tool without a stance row.
      updated_at: sql<string | null>`${isoText(workspaceToolStances.updatedAt)}`,
    })
    .from(workspaceTools)
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
    .leftJoin(usernames, currentUsernameOf(workspaceToolStances.updatedBy))
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
