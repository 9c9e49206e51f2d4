import { and, asc, eq, isNotNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import {
  comments,
  projects,
  projectTags,
  projectTools,
  resources,
  resourceTags,
  tags,
  tools,
  toolTags,
  workspaces,
  workspaceStores,
  workspaceTools,
} from '@stackyard/db/schema';
import type { StoreExportSettings, StoreStatus, StoreSyncError } from '@stackyard/contracts/store';
import type { RenderComment, RenderInputDraft } from '@stackyard/store/render-model';
import type { Authorized } from '../access/access.ts';
import { isoTextOrNull, type Executor } from '../db.ts';
import { toolForgeUrl, toolHomepageUrl } from '../catalog/tool-columns.ts';

// SQL of the repository store: the workspace_stores row, and the workspace read as the renderer's input.

export type StoreRow = typeof workspaceStores.$inferSelect;

export async function findStore(db: Executor, workspaceId: string): Promise<StoreRow | null> {
  const rows = await db.select().from(workspaceStores).where(eq(workspaceStores.workspaceId, workspaceId));
  return rows[0] ?? null;
}

/** The workspace's link as the API answers it: none until an installation or a repository is saved. */
export async function findStoreStatus(db: Executor, workspaceId: string): Promise<StoreStatus> {
  const [row] = await db
    .select({
      installation_id: workspaceStores.installationId,
      repository_owner: workspaceStores.repositoryOwner,
      repository_name: workspaceStores.repositoryName,
      repository_url: workspaceStores.repositoryUrl,
      connected_at: isoTextOrNull(workspaceStores.connectedAt),
    })
    .from(workspaceStores)
    .where(
      and(
        eq(workspaceStores.workspaceId, workspaceId),
        or(isNotNull(workspaceStores.installationId), isNotNull(workspaceStores.repositoryName)),
      ),
    );
  return row ?? null;
}

/** Records the installation GitHub returned with; a repository already linked stays linked. */
export async function saveInstallation(
  db: Executor,
  access: Authorized<'store:configure'>,
  installationId: number,
): Promise<void> {
  await db
    .insert(workspaceStores)
    .values({ workspaceId: access.workspaceId, installationId })
    .onConflictDoUpdate({
      target: workspaceStores.workspaceId,
      set: { installationId, updatedAt: sql`now()` },
    });
}

export interface RepositoryLink {
  installationId: number;
  owner: string;
  name: string;
  url: string | null;
}

/**
 * Links the repository. Nothing is due yet: populate writes the workspace, and so does the sync after the
 * next catalog change.
 */
export async function saveConnection(
  db: Executor,
  access: Authorized<'store:configure'>,
  link: RepositoryLink,
): Promise<void> {
  const values = {
    installationId: link.installationId,
    repositoryOwner: link.owner,
    repositoryName: link.name,
    repositoryUrl: link.url,
    connectedAt: sql`now()`,
    changedAt: null,
    syncedThrough: null,
    lastError: null,
    lastCommitSha: null,
    lastSyncedAt: null,
    // export_written stays: it names content (blob SHAs) stackyard wrote, which is as safe to replace in
    // any repository; the conflicts were the old repository's.
    exportConflicts: [],
    updatedAt: sql`now()`,
  };
  await db
    .insert(workspaceStores)
    .values({ workspaceId: access.workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceStores.workspaceId, set: values });
}

/** Unlinks the repository (the installation stays, so another repository can be chosen). */
export async function clearConnection(db: Executor, access: Authorized<'store:configure'>): Promise<void> {
  await db
    .update(workspaceStores)
    .set({
      repositoryOwner: null,
      repositoryName: null,
      repositoryUrl: null,
      connectedAt: null,
      changedAt: null,
      syncedThrough: null,
      lastSyncedAt: null,
      lastCommitSha: null,
      lastError: null,
      exportConflicts: [],
      updatedAt: sql`now()`,
    })
    .where(eq(workspaceStores.workspaceId, access.workspaceId));
}

/** Whether syncs write the AI export's files, and which; kept across connects and disconnects. */
export async function saveExportSettings(
  db: Executor,
  access: Authorized<'store:configure'>,
  settings: StoreExportSettings,
): Promise<void> {
  const values = { exportEnabled: settings.enabled, exportFormats: settings.formats };
  await db
    .insert(workspaceStores)
    .values({ workspaceId: access.workspaceId, ...values })
    .onConflictDoUpdate({
      target: workspaceStores.workspaceId,
      // Nothing is written while off, so there is nothing to be in conflict with.
      set: { ...values, ...(settings.enabled ? {} : { exportConflicts: [] }), updatedAt: sql`now()` },
    });
}

/** A workspace's store is linked once a repository is connected to it. */
const linked = isNotNull(workspaceStores.repositoryName);

/** Whether the workspace `workspaceId` names (a column of the caller's statement, or a value) is linked. */
export const isStoreLinked = (workspaceId: Column | SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${workspaceStores}
    where ${workspaceStores.workspaceId} = ${workspaceId} and ${linked})`;

/**
 * Bumps changed_at of a linked workspace; answers whether it is linked (and so whether a sync is due).
 * Called inside the catalog write's own transaction.
 */
export async function touchLinkedStore(db: Executor, workspaceId: string): Promise<boolean> {
  const rows = await db
    .update(workspaceStores)
    // Milliseconds, as JavaScript dates hold them: synced_through is written back from one.
    .set({ changedAt: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(and(eq(workspaceStores.workspaceId, workspaceId), linked))
    .returning({ workspaceId: workspaceStores.workspaceId });
  return rows.length > 0;
}

/** The link a sync wrote to: a later disconnect or reconnect elsewhere must not get its outcome. */
interface SyncedLink {
  workspaceId: string;
  owner: string;
  name: string;
}

const sameLink = (link: SyncedLink) =>
  and(
    eq(workspaceStores.workspaceId, link.workspaceId),
    eq(workspaceStores.repositoryOwner, link.owner),
    eq(workspaceStores.repositoryName, link.name),
  );

/** The AI export files a sync wrote (path → blob SHA, merged into what was written before) and left alone. */
export interface ExportOutcome {
  written: Record<string, string>;
  conflicts: string[];
}

export async function recordSyncSuccess(
  db: Executor,
  link: SyncedLink,
  through: Date | null,
  commitSha: string | null,
  exported: ExportOutcome | null,
): Promise<void> {
  await db
    .update(workspaceStores)
    .set({
      lastSyncedAt: sql`now()`,
      lastCommitSha: commitSha,
      lastError: null,
      ...(exported
        ? {
            exportWritten: sql`${workspaceStores.exportWritten} || ${JSON.stringify(exported.written)}::jsonb`,
            exportConflicts: exported.conflicts,
          }
        : { exportConflicts: [] }),
      // Only forward: a slower sync of older data never marks newer changes as written.
      syncedThrough:
        through === null
          ? sql`${workspaceStores.syncedThrough}`
          : sql`greatest(${workspaceStores.syncedThrough}, ${through.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(sameLink(link));
}

export async function recordSyncFailure(
  db: Executor,
  link: SyncedLink,
  error: StoreSyncError,
): Promise<void> {
  await db
    .update(workspaceStores)
    .set({ lastError: error, updatedAt: sql`now()` })
    .where(sameLink(link));
}

/** Linked workspaces with changes no successful sync covered yet (after a crash, or retries given up). */
export async function findDueStores(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: workspaceStores.workspaceId })
    .from(workspaceStores)
    .where(
      and(
        linked,
        isNotNull(workspaceStores.changedAt),
        sql`(${workspaceStores.syncedThrough} is null or ${workspaceStores.syncedThrough} < ${workspaceStores.changedAt})`,
      ),
    );
  return rows.map((row) => row.workspaceId);
}

const iso = (date: Date) => date.toISOString();

function groupBy<T>(rows: T[], key: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const id = key(row);
    if (id === null) continue;
    const list = groups.get(id);
    if (list) list.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** The workspace's owner: the member a sync's read of the stack acts for. */
export async function findWorkspaceOwner(db: Executor, workspaceId: string): Promise<string | null> {
  const [row] = await db
    .select({ ownerId: workspaces.ownerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.ownerId ?? null;
}

/** The whole workspace as the renderer's input, read in one go (a few thousand rows at most). */
export async function loadRenderInput(db: Executor, workspaceId: string): Promise<RenderInputDraft | null> {
  const [workspace] = await db
    .select({ name: workspaces.name, slug: workspaces.slug, description: workspaces.description })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) return null;

  // One query after another: a transaction or PGlite's single connection runs them in turn anyway.
  const [toolRows, projectRows, resourceRows, tagRows, commentRows, toolTagRows, resourceTagRows] =
    await inTurn([
      db
        .select({
          id: workspaceTools.id,
          slug: workspaceTools.slug,
          url: workspaceTools.rawSubmittedUrl,
          rating: workspaceTools.rating,
          homepage: toolHomepageUrl,
          forge: toolForgeUrl,
          discord: tools.discordUrl,
          slack: tools.slackUrl,
        })
        .from(workspaceTools)
        .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
        .where(eq(workspaceTools.workspaceId, workspaceId))
        .orderBy(asc(workspaceTools.slug)),
      db.select().from(projects).where(eq(projects.workspaceId, workspaceId)).orderBy(asc(projects.slug)),
      db.select().from(resources).where(eq(resources.workspaceId, workspaceId)),
      db.select().from(tags).where(eq(tags.workspaceId, workspaceId)),
      db
        .select({
          id: comments.id,
          content: comments.content,
          createdAt: comments.createdAt,
          projectId: comments.projectId,
          toolId: comments.workspaceToolId,
          resourceId: comments.resourceId,
        })
        .from(comments)
        .where(eq(comments.workspaceId, workspaceId)),
      db
        .select({ itemId: toolTags.workspaceToolId, name: tags.name })
        .from(toolTags)
        .innerJoin(tags, eq(tags.id, toolTags.tagId))
        .where(eq(tags.workspaceId, workspaceId)),
      db
        .select({ itemId: resourceTags.resourceId, name: tags.name })
        .from(resourceTags)
        .innerJoin(tags, eq(tags.id, resourceTags.tagId))
        .where(eq(tags.workspaceId, workspaceId)),
    ]);
  const [projectTagRows, projectToolRows] = await inTurn([
    db
      .select({ itemId: projectTags.projectId, name: tags.name })
      .from(projectTags)
      .innerJoin(tags, eq(tags.id, projectTags.tagId))
      .where(eq(tags.workspaceId, workspaceId)),
    db
      .select({ projectId: projectTools.projectId, slug: workspaceTools.slug })
      .from(projectTools)
      .innerJoin(workspaceTools, eq(workspaceTools.id, projectTools.workspaceToolId))
      .where(eq(workspaceTools.workspaceId, workspaceId)),
  ]);

  const toComment = (row: (typeof commentRows)[number]): RenderComment => ({
    id: row.id,
    content: row.content,
    created_at: iso(row.createdAt),
  });
  const names = (rows: Array<{ itemId: string; name: string }>) =>
    new Map([...groupBy(rows, (row) => row.itemId)].map(([id, list]) => [id, list.map((row) => row.name)]));
  const toolTagNames = names(toolTagRows);
  const resourceTagNames = names(resourceTagRows);
  const projectTagNames = names(projectTagRows);
  const toolComments = groupBy(commentRows, (row) => row.toolId);
  const projectComments = groupBy(commentRows, (row) => row.projectId);
  const resourceComments = groupBy(commentRows, (row) => row.resourceId);
  const projectToolSlugs = groupBy(projectToolRows, (row) => row.projectId);

  return {
    workspace: { name: workspace.name, slug: workspace.slug, description: workspace.description },
    tools: toolRows.map((row) => ({
      workspace_tool_id: row.id,
      slug: row.slug,
      raw_submitted_url: row.url,
      rating: row.rating,
      homepage_url: row.homepage,
      forge_url: row.forge,
      discord_url: row.discord,
      slack_url: row.slack,
      tags: toolTagNames.get(row.id) ?? [],
      comments: (toolComments.get(row.id) ?? []).map(toComment),
    })),
    projects: projectRows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      tools: (projectToolSlugs.get(row.id) ?? []).map((link) => link.slug),
      tags: projectTagNames.get(row.id) ?? [],
      comments: (projectComments.get(row.id) ?? []).map(toComment),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    })),
    resources: resourceRows.map((row) => ({
      workspace_resource_id: row.id,
      raw_submitted_url: row.rawSubmittedUrl,
      rating: row.rating,
      title: row.extractedTitle,
      description: row.extractedDescription,
      image: row.extractedImage,
      tags: resourceTagNames.get(row.id) ?? [],
      comments: (resourceComments.get(row.id) ?? []).map(toComment),
    })),
    tags: tagRows.map((row) => ({
      id: row.id,
      tag_name: row.name,
      color: row.color,
      description: row.description,
      criteria: row.criteria,
    })),
  };
}

/** Runs lazy Drizzle queries one after another (they start when awaited), answering their rows in order. */
async function inTurn<T extends readonly unknown[]>(
  queries: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
