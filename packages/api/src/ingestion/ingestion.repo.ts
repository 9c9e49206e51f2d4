import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ingestionSubmissions, tools, workspaceTools, type QuarantineContext } from '@stackyard/db/schema';
import type { SubmissionStatus } from '@stackyard/contracts/ingestion';
import type { Authorized, CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

export type SubmissionRow = typeof ingestionSubmissions.$inferSelect;

// Newest first; a workspace's list is bounded so one busy workspace cannot make the call unbounded.
const LIST_MAX = 500;

export interface NewSubmission {
  submittedUrl: string;
  fingerprint: string;
  comment: string | null;
  status: SubmissionStatus;
  quarantineContext: QuarantineContext | null;
  preIngestionExtractedData: unknown;
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
      kind: 'tool',
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

export function listSubmissions(db: Executor, access: CatalogReader): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(ingestionSubmissions)
    .where(
      and(eq(ingestionSubmissions.workspaceId, access.workspaceId), eq(ingestionSubmissions.kind, 'tool')),
    )
    .orderBy(desc(ingestionSubmissions.createdAt), desc(ingestionSubmissions.id))
    .limit(LIST_MAX);
}

// What follows is written by the ingestion job, which acts for the submitter: the submission was
// authorized when it was made, and a job only ever touches its own submission's workspace.

export async function findSubmission(db: Executor, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(ingestionSubmissions).where(eq(ingestionSubmissions.id, id));
  return row;
}

/** Moves a pending or fetching submission on; a settled one is left as it is. */
export async function setSubmissionStatus(
  db: Executor,
  id: string,
  status: SubmissionStatus,
  extra: { quarantineContext?: QuarantineContext | null; workspaceToolId?: string | null } = {},
): Promise<void> {
  await db
    .update(ingestionSubmissions)
    .set({ status, ...extra, updatedAt: sql`now()` })
    // Only an unsettled submission moves: an attempt abandoned at its time limit may still finish late,
    // and must not overwrite the outcome written meanwhile.
    .where(
      and(eq(ingestionSubmissions.id, id), inArray(ingestionSubmissions.status, ['pending', 'fetching'])),
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
export async function upsertGlobalTool(
  db: Executor,
  fingerprint: string,
  metadata: ToolMetadata,
): Promise<string> {
  const [row] = await db
    .insert(tools)
    .values({ fingerprint, ...metadata, enrichedAt: sql`now()` })
    .onConflictDoUpdate({
      target: tools.fingerprint,
      set: { ...metadata, enrichedAt: sql`now()`, updatedAt: sql`now()` },
    })
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
        : index <= SLUG_TRIES
          ? `${input.baseSlug}-${index}`
          : `${input.baseSlug}-${crypto.randomUUID().slice(0, 8)}`;
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
