import { and, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import {
  ingestionSubmissions,
  resources,
  tools,
  workspaceMembers,
  workspaces,
  workspaceTools,
} from '@stackyard/db/schema';
import type {
  PreIngestionExtractedData,
  QuarantineContext,
  Submission,
  SubmissionKind,
  SubmissionStatus,
} from '@stackyard/contracts/ingestion';
import type { Authorized, CatalogReader, SystemGrant } from '../access/access.ts';
import { toolName } from '../catalog/tool-columns.ts';
import { isStoreLinked } from '../store/store.repo.ts';
import { batchesOf, isoText, isoTextOrNull, type Executor } from '../db.ts';

/** A submission's own fields as the API answers them. */
const ownFields = {
  id: ingestionSubmissions.id,
  workspace_id: ingestionSubmissions.workspaceId,
  kind: ingestionSubmissions.kind,
  submitted_url: ingestionSubmissions.submittedUrl,
  submitted_fingerprint: ingestionSubmissions.submittedFingerprint,
  submitted_by_user_id: ingestionSubmissions.submittedByUserId,
  submitted_comment: ingestionSubmissions.submittedComment,
  status: ingestionSubmissions.status,
  quarantine_context: ingestionSubmissions.quarantineContext,
  workspace_tool_id: ingestionSubmissions.workspaceToolId,
  resource_id: ingestionSubmissions.resourceId,
  reviewed_by_user_id: ingestionSubmissions.reviewedByUserId,
  reviewed_at: isoTextOrNull(ingestionSubmissions.reviewedAt),
  created_at: isoText(ingestionSubmissions.createdAt),
  updated_at: isoText(ingestionSubmissions.updatedAt),
  pre_ingestion_extracted_data: ingestionSubmissions.preIngestionExtractedData,
};

/**
 * When the tool or resource a submission made or linked was created; null before completion or once the item
 * is deleted.
 */
const itemCreatedAt = sql`coalesce(${workspaceTools.createdAt}, ${resources.createdAt})`;

/**
 * A submission as the API answers it: with the slug and name of the tool it made or linked, and whether the
 * workspace had that item already. An item made before the submission was there already: the submission
 * linked to it. A bookmark's enrichment fills in the resource its import made, which is no duplicate.
 */
const fields = {
  ...ownFields,
  workspace_tool: sql<Submission['workspace_tool']>`case when ${workspaceTools.id} is not null
    then json_build_object('slug', ${workspaceTools.slug}, 'name', ${toolName}) end`,
  already_saved: sql<boolean>`${ingestionSubmissions.bookmarkImportId} is null
    and (${itemCreatedAt} < ${ingestionSubmissions.createdAt}) is true`,
};

function selectSubmissions(db: Executor) {
  return db
    .select(fields)
    .from(ingestionSubmissions)
    .leftJoin(workspaceTools, eq(workspaceTools.id, ingestionSubmissions.workspaceToolId))
    .leftJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(resources, eq(resources.id, ingestionSubmissions.resourceId))
    .$dynamic();
}

export interface NewSubmission {
  kind: SubmissionKind;
  submittedUrl: string;
  fingerprint: string;
  comment: string | null;
  status: SubmissionStatus;
  quarantineContext: QuarantineContext | null;
  preIngestionExtractedData: PreIngestionExtractedData | null;
}

/** A new submission as the API answers it: it has made nothing yet, so no tool and nothing already saved. */
export async function insertSubmission(
  db: Executor,
  access: Authorized<'ingestion:submit'>,
  input: NewSubmission,
): Promise<Submission> {
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
    .returning({
      ...ownFields,
      workspace_tool: sql<Submission['workspace_tool']>`null`,
      already_saved: sql<boolean>`false`,
    });
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
): Promise<Submission[]> {
  return selectSubmissions(db)
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

/** A submission of the permit's workspace, as the API answers it. */
export async function findSubmission(
  db: Executor,
  id: string,
  access: CatalogReader,
): Promise<Submission | undefined> {
  const [row] = await selectSubmissions(db).where(
    and(eq(ingestionSubmissions.id, id), eq(ingestionSubmissions.workspaceId, access.workspaceId)),
  );
  return row;
}

/** The stored row, which the ingestion job and the review's checks read. */
export type SubmissionRow = typeof ingestionSubmissions.$inferSelect;
/** A submission moved by its job, with the workspace's resource of its URL (setSubmissionStatusAsSubmitter). */
export type MovedSubmission = SubmissionRow & { resourceOfUrl: string | null };

/**
 * A submission's stored row by id: within the permit's workspace when given one (a request), by id alone
 * otherwise.
 */
export async function findSubmissionRow(
  db: Executor,
  id: string,
  access?: CatalogReader,
): Promise<SubmissionRow | undefined> {
  const inWorkspace = access ? eq(ingestionSubmissions.workspaceId, access.workspaceId) : undefined;
  const [row] = await db
    .select()
    .from(ingestionSubmissions)
    .where(and(eq(ingestionSubmissions.id, id), inWorkspace));
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

/**
 * Fails the member's submissions that are still pending or being fetched, in one workspace or, with none
 * named (a deleted account), in every one: the member can no longer write there (`quarantineContext` says
 * so). Their jobs then find them settled.
 */
export async function failSubmissionsOf(
  db: Executor,
  userId: string,
  workspaceId: string | undefined,
  quarantineContext: QuarantineContext,
): Promise<void> {
  await db
    .update(ingestionSubmissions)
    .set({ status: 'failed', quarantineContext, updatedAt: sql`now()` })
    .where(
      and(
        eq(ingestionSubmissions.submittedByUserId, userId),
        workspaceId === undefined ? undefined : eq(ingestionSubmissions.workspaceId, workspaceId),
        inArray(ingestionSubmissions.status, ['pending', 'fetching']),
      ),
    );
}

// What follows is written by the ingestion job, which acts for the submitter: the submission was
// authorized when it was made, and a job only ever touches its own submission's workspace.

/** Moves a pending or fetching submission on; a settled one is left as it is. Answers the row it moved. */
export async function setSubmissionStatus(
  db: Executor,
  id: string,
  status: SubmissionStatus,
  extra: {
    quarantineContext?: QuarantineContext | null;
    workspaceToolId?: string | null;
    resourceId?: string | null;
  } = {},
): Promise<SubmissionRow | undefined> {
  const [moved] = await db
    .update(ingestionSubmissions)
    .set({ status, ...extra, updatedAt: sql`now()` })
    // Only an unsettled submission moves: an attempt abandoned at its time limit may still finish late,
    // and must not overwrite the outcome written meanwhile.
    .where(
      and(eq(ingestionSubmissions.id, id), inArray(ingestionSubmissions.status, ['pending', 'fetching'])),
    )
    .returning();
  return moved;
}

/**
 * A job's completion: the unsettled submission moves to completed with what the job made or linked. It answers
 * too what the completion's next steps ask of the workspace, read in the same statement (a round trip less for
 * each): whether it puts the suggested tags on what ingestion adds, and whether it is linked to a repository.
 */
export async function setSubmissionCompleted(
  db: Executor,
  id: string,
  made: { workspaceToolId: string } | { resourceId: string },
): Promise<(SubmissionRow & { applySuggestedTags: boolean; linkedStore: boolean }) | undefined> {
  const [moved] = await db
    .update(ingestionSubmissions)
    .set({ status: 'completed', ...made, updatedAt: sql`now()` })
    .where(
      and(eq(ingestionSubmissions.id, id), inArray(ingestionSubmissions.status, ['pending', 'fetching'])),
    )
    .returning({
      ...getTableColumns(ingestionSubmissions),
      applySuggestedTags: sql<boolean>`(select ${workspaces.applySuggestedTags} from ${workspaces}
        where ${workspaces.id} = ${ingestionSubmissions.workspaceId})`,
      linkedStore: isStoreLinked(ingestionSubmissions.workspaceId),
    });
  return moved;
}

/**
 * setSubmissionStatus to `status` while the submitter may still write the catalog (catalog:write: the owner,
 * an editor or an admin), else to failed with `lost`: the grant's check and the move in one statement. The
 * membership is locked first (the workspace's row FOR KEY SHARE, the member's FOR SHARE, as grantHolds does),
 * then the submission's row, the order in which a membership change locks them; in a transaction the
 * membership stays locked until it ends. Answers the row it moved (failed when the submitter lost access),
 * and the workspace's resource of the submitted URL, if it has one: a resource's job needs no lookup of its own.
 */
export async function setSubmissionStatusAsSubmitter(
  db: Executor,
  id: string,
  status: SubmissionStatus,
  lost: QuarantineContext,
): Promise<MovedSubmission | undefined> {
  // The grant is checked (and its rows locked) once, in a CTE that reads the submission without locking it.
  const grant = db.$with('submitter_grant').as(
    db
      .select({
        may: sql<boolean>`exists (
          select 1 from ${workspaces} join ${workspaceMembers} on ${workspaceMembers.workspaceId} = ${workspaces.id}
          where ${workspaces.id} = ${ingestionSubmissions.workspaceId}
            and ${workspaceMembers.userId} = ${ingestionSubmissions.submittedByUserId}
            and (${workspaceMembers.accessRole} <> 'viewer' or ${workspaces.ownerId} = ${workspaceMembers.userId})
          for key share of ${workspaces} for share of ${workspaceMembers})`.as('may'),
      })
      .from(ingestionSubmissions)
      .where(eq(ingestionSubmissions.id, id)),
  );
  const [moved] = await db
    .with(grant)
    .update(ingestionSubmissions)
    .set({
      status: sql`case when ${grant.may} then ${status} else 'failed' end`,
      quarantineContext: sql`case when ${grant.may} then ${ingestionSubmissions.quarantineContext} else ${JSON.stringify(lost)}::jsonb end`,
      updatedAt: sql`now()`,
    })
    .from(grant)
    .where(
      and(eq(ingestionSubmissions.id, id), inArray(ingestionSubmissions.status, ['pending', 'fetching'])),
    )
    .returning({
      ...getTableColumns(ingestionSubmissions),
      resourceOfUrl: sql<string | null>`(select ${resources.id} from ${resources}
        where ${resources.workspaceId} = ${ingestionSubmissions.workspaceId}
          and ${resources.fingerprint} = ${ingestionSubmissions.submittedFingerprint})`,
    });
  return moved;
}

/**
 * A pending resource submission for each resource an import added, made by the import's job (acting for
 * the member who imported): answers their ids in the order of `items`.
 */
export async function insertEnrichmentSubmissions(
  db: Executor,
  grant: SystemGrant,
  importId: string,
  items: readonly { url: string; fingerprint: string }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const batch of batchesOf(items, 6)) {
    const rows = await db
      .insert(ingestionSubmissions)
      .values(
        batch.map((item) => ({
          workspaceId: grant.workspaceId,
          kind: 'resource' as const,
          submittedUrl: item.url,
          submittedFingerprint: item.fingerprint,
          submittedByUserId: grant.userId,
          bookmarkImportId: importId,
        })),
      )
      .returning({ id: ingestionSubmissions.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}
