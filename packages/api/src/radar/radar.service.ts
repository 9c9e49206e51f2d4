import {
  RADAR_RING_NAMES,
  RADAR_RINGS,
  type Radar,
  type RadarEntry,
  type RadarSettings,
  type UpdateRadarSettings,
} from '@stackyard/contracts/radar';
import type { Database } from '@stackyard/db/client';
import { authorize, type CatalogReader } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, type Executor } from '../db.ts';
import { compareText, readStack } from '../stack/stack.service.ts';
import { findStances } from '../stack/stances.repo.ts';
import { DEFAULT_QUADRANT, DEFAULT_QUADRANT_NAMES, quadrantResolver, ringOf } from './quadrants.ts';
import {
  findRadarSettings,
  listStanceCategories,
  upsertRadarSettings,
  type RadarSettingsRow,
} from './radar.repo.ts';

const DEFAULTS: RadarSettingsRow = {
  acceptedRing: 'trial',
  quadrantNames: DEFAULT_QUADRANT_NAMES,
  defaultQuadrant: DEFAULT_QUADRANT,
  categoryQuadrants: [],
};

/** Members read the settings; every category of the workspace's stances is listed with its quadrant. */
export async function getRadarSettings(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<RadarSettings> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  return readSettings(db, access);
}

/** Admins and the owner replace the settings. */
export async function updateRadarSettings(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: UpdateRadarSettings,
): Promise<RadarSettings> {
  return inTransaction(db, async (tx) => {
    const access = await authorize(tx, actor, workspaceId, 'workspace:update');
    // One entry per category in any case: the last one given wins, as a form's later row would.
    const byName = new Map(input.categories.map((entry) => [entry.category.toLowerCase(), entry]));
    await upsertRadarSettings(tx, access, {
      acceptedRing: input.accepted_ring,
      quadrantNames: input.quadrants,
      defaultQuadrant: input.default_quadrant,
      categoryQuadrants: [...byName.values()],
    });
    return readSettings(tx, access);
  });
}

async function readSettings(db: Executor, access: CatalogReader): Promise<RadarSettings> {
  const settings = (await findRadarSettings(db, access)) ?? DEFAULTS;
  const quadrantOf = quadrantResolver({
    saved: settings.categoryQuadrants,
    defaultQuadrant: settings.defaultQuadrant,
  });
  const names = new Map<string, string>();
  for (const name of [
    ...settings.categoryQuadrants.map((entry) => entry.category),
    ...(await listStanceCategories(db, access)),
  ])
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  return {
    accepted_ring: settings.acceptedRing,
    quadrants: settings.quadrantNames,
    default_quadrant: settings.defaultQuadrant,
    categories: [...names.values()]
      .sort((a, b) => compareText(a.toLowerCase(), b.toLowerCase()) || compareText(a, b))
      .map((category) => ({ category, quadrant: quadrantOf(category) })),
  };
}

/** The workspace's tools on the radar, numbered by quadrant, then ring, then name. */
export async function getRadar(db: Database, actor: Actor, workspaceId: string): Promise<Radar> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const settings = (await findRadarSettings(db, access)) ?? DEFAULTS;
  const stack = await readStack(db, access, null);
  const tools = stack.categories.flatMap((category) =>
    category.tools.map((tool) => ({ category: category.name, tool })),
  );
  const updatedAt = new Map(
    (
      await findStances(
        db,
        access,
        tools.map(({ tool }) => tool.workspace_tool_id),
      )
    ).map((row) => [row.workspace_tool_id, row.updated_at]),
  );
  const quadrantOf = quadrantResolver({
    saved: settings.categoryQuadrants,
    defaultQuadrant: settings.defaultQuadrant,
  });
  const entries: Omit<RadarEntry, 'number'>[] = tools.map(({ category, tool }) => {
    const stanceUpdatedAt = updatedAt.get(tool.workspace_tool_id);
    return {
      workspace_tool_id: tool.workspace_tool_id,
      slug: tool.slug,
      name: tool.name,
      url: tool.url,
      category,
      stance: tool.stance,
      ring: ringOf(tool.stance, settings.acceptedRing),
      quadrant: quadrantOf(category),
      note: tool.note,
      stance_updated_at: stanceUpdatedAt ?? null,
    };
  });
  entries.sort(
    (a, b) =>
      a.quadrant - b.quadrant ||
      RADAR_RINGS.indexOf(a.ring) - RADAR_RINGS.indexOf(b.ring) ||
      compareText(a.name.toLowerCase(), b.name.toLowerCase()) ||
      compareText(a.slug, b.slug),
  );
  return {
    workspace: stack.workspace,
    rings: RADAR_RINGS.map((id) => ({ id, name: RADAR_RING_NAMES[id] })),
    quadrants: settings.quadrantNames.map((name, index) => ({ index, name })),
    entries: entries.map((entry, index) => ({ number: index + 1, ...entry })),
  };
}
