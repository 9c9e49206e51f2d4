import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { workspaceRadarSettings, workspaceTools, workspaceToolStances } from '@stackyard/db/schema';
import type { AcceptedRing, RadarCategoryQuadrant } from '@stackyard/contracts/radar';
import type { Authorized, CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

// The only reader and writer of workspace_radar_settings.

export interface RadarSettingsRow {
  acceptedRing: AcceptedRing;
  quadrantNames: string[];
  defaultQuadrant: number;
  categoryQuadrants: RadarCategoryQuadrant[];
}

export async function findRadarSettings(
  db: Executor,
  access: CatalogReader,
): Promise<RadarSettingsRow | null> {
  const [row] = await db
    .select({
      acceptedRing: workspaceRadarSettings.acceptedRing,
      quadrantNames: workspaceRadarSettings.quadrantNames,
      defaultQuadrant: workspaceRadarSettings.defaultQuadrant,
      categoryQuadrants: workspaceRadarSettings.categoryQuadrants,
    })
    .from(workspaceRadarSettings)
    .where(eq(workspaceRadarSettings.workspaceId, access.workspaceId))
    .limit(1);
  return row ?? null;
}

export async function upsertRadarSettings(
  db: Executor,
  access: Authorized<'workspace:update'>,
  value: RadarSettingsRow,
): Promise<void> {
  const row = { ...value, updatedBy: access.userId, updatedAt: new Date() };
  await db
    .insert(workspaceRadarSettings)
    .values({ workspaceId: access.workspaceId, ...row })
    .onConflictDoUpdate({ target: workspaceRadarSettings.workspaceId, set: row });
}

/** The categories the workspace's stances use, each spelling once, alphabetically. */
export async function listStanceCategories(db: Executor, access: CatalogReader): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: workspaceToolStances.category })
    .from(workspaceToolStances)
    .innerJoin(workspaceTools, eq(workspaceTools.id, workspaceToolStances.workspaceToolId))
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), isNotNull(workspaceToolStances.category)))
    .orderBy(asc(workspaceToolStances.category));
  return rows.flatMap((row) => (row.category === null ? [] : [row.category]));
}
