import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { projectTools, tools, toolTags, workspaceTools, workspaceToolStances } from '@stackyard/db/schema';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { EditableToolField, Tool } from '@stackyard/contracts/tool';
import type { ItemSort } from '@stackyard/contracts/catalog';
import { suffixedSlug } from '@stackyard/contracts/slug';
import type { Authorized, CatalogReader, CatalogWriter, SystemGrant } from '../access/access.ts';
import {
  afterPlaceholders,
  cursorKey,
  orderBy,
  page,
  type Cursor,
  type KeysetOrder,
} from '../catalog/pagination.ts';
import { preparedOn } from '../prepared.ts';
import { isoText, nested, type Executor } from '../db.ts';
import { withFields } from '../catalog/edited-fields.ts';
import { toolHealth } from '../health/health-columns.ts';
import { storedMedia } from '../media/media-columns.ts';
import {
  toolDescription,
  toolForgeUrl,
  toolHomepageUrl,
  toolIconMedia,
  toolIconUrl,
  toolName,
} from '../catalog/tool-columns.ts';

/** What a tool's page says about it: global, shared by every workspace that links the tool. */
export interface ToolDetails {
  name: string | null;
  description: string | null;
  imageUrl: string | null;
  iconUrl: string | null;
  /** Hashes of the stored copies of the icon and image (media table). */
  iconMedia: string | null;
  imageMedia: string | null;
  homepageUrl: string | null;
  forgeUrl: string | null;
  discordUrl: string | null;
  slackUrl: string | null;
}

/** A workspace tool as the API answers it. */
const columns = {
  workspace_tool_id: workspaceTools.id,
  workspace_id: workspaceTools.workspaceId,
  context: { rating: workspaceTools.rating },
  // A tool without a stance row is accepted (see the stances schema).
  stance: sql<ToolStance>`coalesce(${workspaceToolStances.stance}, 'accepted')`,
  raw_submitted_url: workspaceTools.rawSubmittedUrl,
  slug: workspaceTools.slug,
  metadata: nested({
    name: toolName,
    description: toolDescription,
    image_url: tools.imageUrl,
    icon_url: toolIconUrl,
    media: storedMedia(toolIconMedia, tools.imageMedia),
    canonical_links: {
      homepage_url: toolHomepageUrl,
      forge_url: toolForgeUrl,
      documentation_url: workspaceTools.documentationUrl,
    },
    community_links: { discord_url: tools.discordUrl, slack_url: tools.slackUrl },
  }),
  edited_fields: sql<EditableToolField[]>`${workspaceTools.editedFields}`,
  created_at: isoText(workspaceTools.createdAt),
  updated_at: isoText(workspaceTools.updatedAt),
  health: toolHealth,
};

export const toolOrders: Record<ItemSort, KeysetOrder> = {
  recent: {
    name: 'recent',
    key: sql`${workspaceTools.createdAt}`,
    type: 'timestamptz',
    id: sql`${workspaceTools.id}`,
    direction: 'desc',
  },
  // A tool's title is its slug, unique in the workspace.
  name: {
    name: 'name',
    key: sql`${workspaceTools.slug}`,
    type: 'text',
    id: sql`${workspaceTools.id}`,
    direction: 'asc',
  },
  // Best first; unrated tools (0) last.
  rating: {
    name: 'rating',
    key: sql`coalesce(${workspaceTools.rating}, 0)`,
    type: 'int',
    id: sql`${workspaceTools.id}`,
    direction: 'desc',
  },
};

function selectTools(db: Executor) {
  return db
    .select(columns)
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id));
}

export async function listTools(
  db: Executor,
  access: CatalogReader,
  options: {
    sort: ItemSort;
    cursor: Cursor | null;
    limit: number;
    tagId: string | undefined;
    stance: ToolStance | undefined;
  },
): Promise<{ rows: Array<Tool & { cursorKey: string }>; nextCursor: string | null }> {
  const order = toolOrders[options.sort];
  const { cursor, tagId, stance } = options;
  const name = `tools_list_${order.name}${cursor ? '_after' : ''}${tagId ? '_tag' : ''}${stance ? '_stance' : ''}`;
  const make = () =>
    db
      .select({ ...columns, cursorKey: cursorKey(order) })
      .from(workspaceTools)
      .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
      .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
      .where(
        and(
          eq(workspaceTools.workspaceId, sql.placeholder('workspaceId')),
          cursor ? afterPlaceholders(order) : undefined,
          tagId
            ? sql`exists (select 1 from ${toolTags} where ${toolTags.workspaceToolId} = ${workspaceTools.id}
              and ${toolTags.tagId} = ${sql.placeholder('tagId')})`
            : undefined,
          stance ? sql`${columns.stance} = ${sql.placeholder('stance')}` : undefined,
        ),
      )
      .orderBy(orderBy(order))
      .limit(sql.placeholder('limit'));
  const rows = await preparedOn(db, name, make).execute({
    workspaceId: access.workspaceId,
    limit: options.limit + 1,
    cursorKey: cursor?.key,
    cursorId: cursor?.id,
    tagId,
    stance,
  });
  return page(order, rows, options.limit, 'workspace_tool_id');
}

/** The workspace a tool belongs to, to authorize a call that names only the tool. */
export async function findToolWorkspace(db: Executor, toolId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: workspaceTools.workspaceId })
    .from(workspaceTools)
    .where(eq(workspaceTools.id, toolId))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function findTool(db: Executor, access: CatalogReader, toolId: string): Promise<Tool | null> {
  const [row] = await selectTools(db)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, toolId)))
    .limit(1);
  return row ?? null;
}

/**
 * A tool by id in whatever workspace holds it, for a read that names only the tool: one query instead of
 * its workspace, then the tool. The caller authorizes the row's workspace before anything of it is answered.
 */
export async function findToolForReading(db: Executor, toolId: string): Promise<Tool | null> {
  const make = () =>
    selectTools(db)
      .where(eq(workspaceTools.id, sql.placeholder('toolId')))
      .limit(1);
  const [row] = await preparedOn(db, 'tool_by_id', make).execute({ toolId });
  return row ?? null;
}

export async function findToolBySlug(
  db: Executor,
  access: CatalogReader,
  slug: string,
): Promise<Tool | null> {
  const [row] = await selectTools(db)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function setToolRating(
  db: Executor,
  access: Authorized<'catalog:write'>,
  toolId: string,
  rating: number | null,
): Promise<boolean> {
  const rows = await db
    .update(workspaceTools)
    .set({ rating, updatedAt: sql`now()` })
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, toolId)))
    .returning({ id: workspaceTools.id });
  return rows.length > 0;
}

/** Values for the workspace's own columns of a tool (its corrections), by column. */
export interface ToolEdits {
  name?: string;
  description?: string | null;
  homepageUrl?: string | null;
  forgeUrl?: string | null;
  documentationUrl?: string | null;
  iconUrl?: string | null;
  iconMedia?: string | null;
}

/**
 * Writes the workspace's corrections on its own row (never the global tool, which other workspaces share)
 * and adds their fields to edited_fields.
 */
export async function setToolEdits(
  db: Executor,
  access: Authorized<'catalog:write'>,
  toolId: string,
  edits: ToolEdits,
  fields: readonly EditableToolField[],
): Promise<boolean> {
  const rows = await db
    .update(workspaceTools)
    .set({
      ...edits,
      editedFields: withFields(workspaceTools.editedFields, fields),
      updatedAt: sql`now()`,
    })
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, toolId)))
    .returning({ id: workspaceTools.id });
  return rows.length > 0;
}

/** The workspace's tool, its comments, tags and project links; the global tool stays for the others. */
export async function deleteTool(
  db: Executor,
  access: Authorized<'tools:delete'>,
  toolId: string,
): Promise<boolean> {
  const rows = await db
    .delete(workspaceTools)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, toolId)))
    .returning({ id: workspaceTools.id });
  return rows.length > 0;
}

/** The tools a project uses, by name (slug). */
export async function listToolsOfProject(
  db: Executor,
  access: CatalogReader,
  projectId: string,
): Promise<Tool[]> {
  return selectTools(db)
    .innerJoin(projectTools, eq(projectTools.workspaceToolId, workspaceTools.id))
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(projectTools.projectId, projectId)))
    .orderBy(workspaceTools.slug, workspaceTools.id)
    .limit(1000);
}

/** The workspace's tool with this fingerprint, if it already has one. */
export async function findToolByFingerprint(
  db: Executor,
  access: CatalogReader,
  fingerprint: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: workspaceTools.id })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(tools.fingerprint, fingerprint)));
  return row?.id;
}

// The global tools (one per fingerprint, shared by every workspace that links one) are written only while
// a submission completes: by its job, or by a reviewer releasing it.

export type GlobalToolRow = typeof tools.$inferSelect;

export async function findGlobalTool(db: Executor, fingerprint: string): Promise<GlobalToolRow | undefined> {
  const [row] = await db.select().from(tools).where(eq(tools.fingerprint, fingerprint));
  return row;
}

export interface ToolMetadata extends ToolDetails {
  canonicalUrl: string;
}

/** The ingestion job read the tool's page: creates the global tool or refreshes its metadata; answers its id. */
export function upsertGlobalTool(
  db: Executor,
  _grant: SystemGrant,
  fingerprint: string,
  metadata: ToolMetadata,
): Promise<string> {
  return upsertTool(
    db,
    { fingerprint, ...metadata, enrichedAt: sql`now()` },
    {
      ...metadata,
      // An icon or image that could not be fetched this time keeps the copy from before.
      iconUrl: sql`coalesce(excluded.icon_url, ${tools.iconUrl})`,
      iconMedia: sql`coalesce(excluded.icon_media, ${tools.iconMedia})`,
      imageMedia: sql`coalesce(excluded.image_media, ${tools.imageMedia})`,
      enrichedAt: sql`now()`,
    },
  );
}

/** A hand-released tool: creates the global tool, or fills what an existing one lacks (never overwrites). */
export function insertOrFillGlobalTool(
  db: Executor,
  _access: CatalogWriter<'ingestion:review'>,
  fingerprint: string,
  metadata: ToolMetadata,
): Promise<string> {
  // Not marked enriched: the next submission of this URL anywhere fetches the real metadata.
  return upsertTool(
    db,
    { fingerprint, ...metadata },
    {
      name: sql`coalesce(${tools.name}, excluded.name)`,
      description: sql`coalesce(${tools.description}, excluded.description)`,
      homepageUrl: sql`coalesce(${tools.homepageUrl}, excluded.homepage_url)`,
    },
  );
}

/** Inserts the global tool, or sets `set` on the one with its fingerprint; answers its id. */
async function upsertTool(
  db: Executor,
  values: PgInsertValue<typeof tools>,
  set: PgUpdateSetSource<typeof tools>,
): Promise<string> {
  const [row] = await db
    .insert(tools)
    .values(values)
    .onConflictDoUpdate({ target: tools.fingerprint, set: { ...set, updatedAt: sql`now()` } })
    .returning({ id: tools.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

const SLUG_TRIES = 50;

/**
 * Links a global tool to the grant's workspace under the first free slug of `base`, `base-2`, `base-3`…; if
 * the workspace got the tool meanwhile (a concurrent submission), answers that workspace tool instead.
 */
export async function linkToolToWorkspace(
  db: Executor,
  access: CatalogWriter<'ingestion:review'>,
  input: { toolId: string; baseSlug: string; rawSubmittedUrl: string },
): Promise<string> {
  const { workspaceId } = access;
  for (let index = 1; index <= SLUG_TRIES + 1; index++) {
    const slug =
      index === 1
        ? input.baseSlug
        : suffixedSlug(input.baseSlug, index <= SLUG_TRIES ? index : crypto.randomUUID().slice(0, 8));
    // "on conflict do nothing" covers both unique keys without aborting the transaction.
    const [row] = await db
      .insert(workspaceTools)
      .values({ workspaceId, toolId: input.toolId, slug, rawSubmittedUrl: input.rawSubmittedUrl })
      .onConflictDoNothing()
      .returning({ id: workspaceTools.id });
    if (row) return row.id;
    const [existing] = await db
      .select({ id: workspaceTools.id })
      .from(workspaceTools)
      .where(and(eq(workspaceTools.workspaceId, workspaceId), eq(workspaceTools.toolId, input.toolId)));
    if (existing) return existing.id;
  }
  throw new Error(`no free slug for ${input.baseSlug}`);
}
