import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ingestionSubmissions, resources, tools, workspaceTools } from '@stackyard/db/schema';
import { suffixedSlug } from '@stackyard/contracts/slug';
import type {
  PreIngestionExtractedData,
  QuarantineContext,
  SubmissionKind,
  SubmissionStatus,
} from '@stackyard/contracts/ingestion';
import type { Authorized, CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

export type SubmissionRow = typeof ingestionSubmissions.$inferSelect;

export interface NewSubmission {
  kind: SubmissionKind;
  submittedUrl: string;
  fingerprint: string;
  comment: string | null;
  status: SubmissionStatus;
  quarantineContext: QuarantineContext | null;
  preIngestionExtractedData: PreIngestionExtractedData | null;
}

export async function insertSubmission(
  db: Executor,
  access: Authorized<'ingestion:submit'>,
  input: NewSubmission,
): Promise<SubmissionRow> {
  const [row] = await db
    .insert(ingestionSubmissions)
    .values({
      workspaceId: access.workspaceId,
      kind: input.kind,
      submittedUrl: input.submittedUrl,
      submittedFingerprint: input.fingerprint,
      submittedByUserId: access.userId,
      submittedComment: input.comment,
      status: input.status,
      quarantineContext: input.quarantineContext,
      preIngestionExtractedData: input.preIngestionExtractedData,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The workspace's submissions of one kind, newest first (the (workspace_id, kind, created_at) index). The
 * background enrichment of imported bookmarks is left out: it is not something a member submitted.
 */
export function listSubmissions(
  db: Executor,
  access: CatalogReader,
  kind: SubmissionKind,
  limit: number,
): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(ingestionSubmissions)
    .where(
      and(
        eq(ingestionSubmissions.workspaceId, access.workspaceId),
        eq(ingestionSubmissions.kind, kind),
        isNull(ingestionSubmissions.bookmarkImportId),
      ),
    )
    .orderBy(desc(ingestionSubmissions.createdAt), desc(ingestionSubmissions.id))
    .limit(limit);
}

export interface ToolLabel {
  slug: string;
  name: string | null;
}

/** The slug and name of these workspace tools, by id (a deleted one is missing). */
export async function findToolLabels(db: Executor, ids: string[]): Promise<Map<string, ToolLabel>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: workspaceTools.id, slug: workspaceTools.slug, name: tools.name })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .where(inArray(workspaceTools.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { slug: row.slug, name: row.name }]));
}

/** A submission of the permit's workspace. */
export async function findWorkspaceSubmission(
  db: Executor,
  access: CatalogReader,
  id: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(ingestionSubmissions)
    .where(and(eq(ingestionSubmissions.id, id), eq(ingestionSubmissions.workspaceId, access.workspaceId)));
  return row;
}

/** The workspace a submission belongs to (to authorize a call naming only the submission). */
export async function findSubmissionWorkspace(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: ingestionSubmissions.workspaceId })
    .from(ingestionSubmissions)
    .where(eq(ingestionSubmissions.id, id));
  return row?.workspaceId ?? null;
}

export interface Review {
  status: SubmissionStatus;
  quarantineContext?: QuarantineContext | null;
  workspaceToolId?: string | null;
  resourceId?: string | null;
}

/**
 * A reviewer's move of a submission that is in one of `from` (quarantined or failed): answers the updated row,
 * or undefined when it was not in one of them any more (someone else reviewed it first).
 */
export async function reviewSubmission(
  db: Executor,
  access: Authorized<'ingestion:review'>,
  id: string,
  from: readonly SubmissionStatus[],
  review: Review,
): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .update(ingestionSubmissions)
    .set({ ...review, reviewedByUserId: access.userId, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(ingestionSubmissions.id, id),
        eq(ingestionSubmissions.workspaceId, access.workspaceId),
        inArray(ingestionSubmissions.status, [...from]),
      ),
    )
    .returning();
  return row;
}

// What follows is written by the ingestion job, which acts for the submitter: the submission was
// authorized when it was made, and a job only ever touches its own submission's workspace.

export async function findSubmission(db: Executor, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(ingestionSubmissions).where(eq(ingestionSubmissions.id, id));
  return row;
}

/** Moves a pending or fetching submission on; a settled one is left as it is. True when it moved. */
export async function setSubmissionStatus(
  db: Executor,
  id: string,
  status: SubmissionStatus,
  extra: {
    quarantineContext?: QuarantineContext | null;
    workspaceToolId?: string | null;
    resourceId?: string | null;
  } = {},
): Promise<boolean> {
  const moved = await db
    .update(ingestionSubmissions)
    .set({ status, ...extra, updatedAt: sql`now()` })
    // Only an unsettled submission moves: an attempt abandoned at its time limit may still finish late,
    // and must not overwrite the outcome written meanwhile.
    .where(
      and(eq(ingestionSubmissions.id, id), inArray(ingestionSubmissions.status, ['pending', 'fetching'])),
    )
    .returning({ id: ingestionSubmissions.id });
  return moved.length > 0;
}

/** The workspace's resource with this fingerprint, if it already has one. */
export async function findWorkspaceResourceByFingerprint(
  db: Executor,
  workspaceId: string,
  fingerprint: string,
): Promise<{ id: string; extractedTitle: string | null } | undefined> {
  const [row] = await db
    .select({ id: resources.id, extractedTitle: resources.extractedTitle })
    .from(resources)
    .where(and(eq(resources.workspaceId, workspaceId), eq(resources.fingerprint, fingerprint)));
  return row;
}

export interface ResourceMetadata {
  title: string | null;
  description: string | null;
  image: string | null;
}

/**
 * Adds a resource to a workspace; if the workspace got one with the same fingerprint meanwhile (a concurrent
 * submission), answers that one instead.
 */
export async function insertResource(
  db: Executor,
  input: { workspaceId: string; fingerprint: string; rawSubmittedUrl: string } & ResourceMetadata,
): Promise<string> {
  const [row] = await db
    .insert(resources)
    .values({
      workspaceId: input.workspaceId,
      fingerprint: input.fingerprint,
      rawSubmittedUrl: input.rawSubmittedUrl,
      extractedTitle: input.title,
      extractedDescription: input.description,
      extractedImage: input.image,
    })
    .onConflictDoNothing()
    .returning({ id: resources.id });
  if (row) return row.id;
  const existing = await findWorkspaceResourceByFingerprint(db, input.workspaceId, input.fingerprint);
  if (!existing) throw new Error('resource neither inserted nor found');
  return existing.id;
}

/** Fills what a resource is missing (an imported bookmark has only its title) from extracted metadata. */
export async function fillResourceMetadata(
  db: Executor,
  resourceId: string,
  metadata: ResourceMetadata,
): Promise<void> {
  await db
    .update(resources)
    .set({
      extractedTitle: sql`coalesce(nullif(${resources.extractedTitle}, ''), ${metadata.title})`,
      extractedDescription: sql`coalesce(${resources.extractedDescription}, ${metadata.description})`,
      extractedImage: sql`coalesce(${resources.extractedImage}, ${metadata.image})`,
      updatedAt: sql`now()`,
    })
    .where(eq(resources.id, resourceId));
}

/** A hand-released tool: creates the global tool, or fills what an existing one lacks (never overwrites). */
export function insertOrFillGlobalTool(
  db: Executor,
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

/** The workspace's tool with this fingerprint, if it already has one. */
export async function findWorkspaceToolByFingerprint(
  db: Executor,
  workspaceId: string,
  fingerprint: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: workspaceTools.id })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .where(and(eq(workspaceTools.workspaceId, workspaceId), eq(tools.fingerprint, fingerprint)));
  return row?.id;
}

export type GlobalToolRow = typeof tools.$inferSelect;

export async function findGlobalTool(db: Executor, fingerprint: string): Promise<GlobalToolRow | undefined> {
  const [row] = await db.select().from(tools).where(eq(tools.fingerprint, fingerprint));
  return row;
}

export interface ToolMetadata {
  canonicalUrl: string;
  name: string | null;
  description: string | null;
  imageUrl: string | null;
  homepageUrl: string | null;
  forgeUrl: string | null;
  discordUrl: string | null;
  slackUrl: string | null;
}

/** Creates the global tool or refreshes its metadata; answers its id. */
export function upsertGlobalTool(db: Executor, fingerprint: string, metadata: ToolMetadata): Promise<string> {
  return upsertTool(
    db,
    { fingerprint, ...metadata, enrichedAt: sql`now()` },
    { ...metadata, enrichedAt: sql`now()` },
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
 * Links a global tool to a workspace under the first free slug of `base`, `base-2`, `base-3`…; if the
 * workspace got the tool meanwhile (a concurrent submission), answers that workspace tool instead.
 */
export async function linkToolToWorkspace(
  db: Executor,
  input: { workspaceId: string; toolId: string; baseSlug: string; rawSubmittedUrl: string },
): Promise<string> {
  for (let index = 1; index <= SLUG_TRIES + 1; index++) {
    const slug =
      index === 1
        ? input.baseSlug
        : suffixedSlug(input.baseSlug, index <= SLUG_TRIES ? index : crypto.randomUUID().slice(0, 8));
    // "on conflict do nothing" covers both unique keys without aborting the transaction.
    const [row] = await db
      .insert(workspaceTools)
      .values({
        workspaceId: input.workspaceId,
        toolId: input.toolId,
        slug,
        rawSubmittedUrl: input.rawSubmittedUrl,
      })
      .onConflictDoNothing()
      .returning({ id: workspaceTools.id });
    if (row) return row.id;
    const [existing] = await db
      .select({ id: workspaceTools.id })
      .from(workspaceTools)
      .where(and(eq(workspaceTools.workspaceId, input.workspaceId), eq(workspaceTools.toolId, input.toolId)));
    if (existing) return existing.id;
  }
  throw new Error(`no free slug for ${input.baseSlug}`);
}
