import { createHash } from 'node:crypto';
import type {
  PreIngestionExtractedData,
  ReleaseSubmission,
  Submission,
  SubmissionKind,
  SubmitTool,
} from '@stackyard/contracts/ingestion';
import { REVIEWABLE_STATUSES } from '@stackyard/contracts/ingestion';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { slugify } from '@stackyard/contracts/slug';
import { authorize, type Authorized, type CatalogReader, type Permission } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, type Executor } from '../db.ts';
import { workspaceProjectIds } from '../projects/projects.repo.ts';
import { insertResource } from '../resources/resources.repo.ts';
import { workspaceTagIds } from '../tags/tags.repo.ts';
import { insertOrFillGlobalTool, linkToolToWorkspace } from '../tools/tools.repo.ts';
import { completeSubmission, hintsOf, type IngestedItem } from './complete-submission.ts';
import { ingestionQueue, type IngestionQueue } from '../jobs/queues.ts';
import {
  findSubmission,
  findSubmissionRow,
  findSubmissionWorkspace,
  insertSubmission,
  listSubmissions,
  reviewSubmission,
  type SubmissionRow,
} from './ingestion.repo.ts';

export const SUBMISSION_NOT_FOUND = 'Submission not found';
export const NOT_REVIEWABLE = (status: string) =>
  `This submission is ${status}; only a quarantined or failed submission can be retried, released or rejected.`;
export const RELEASE_NEEDS_NAME = 'A tool needs a name to be released.';
export const RELEASE_NEEDS_URL =
  'This submission is not a valid web address, so nothing can be made from it. Reject it and submit the right URL.';

/**
 * Hints must name the workspace's own tags and projects: one of another workspace (or none) is refused with a
 * 400 naming the field, rather than dropped silently.
 */
async function checkHints(db: Executor, access: CatalogReader, data: PreIngestionExtractedData | null) {
  const hints = hintsOf(data);
  const tags = new Set(await workspaceTagIds(db, access, hints.tagIds));
  const projects = new Set(await workspaceProjectIds(db, access, hints.projectIds));
  const base = '/body/pre_ingestion_extracted_data/ingestion_hints/suggested_workspace_relationships';
  const missingTag = hints.tagIds.find((id) => !tags.has(id));
  const missingProject = hints.projectIds.find((id) => !projects.has(id));
  if (missingTag) {
    throw new AppError(
      'bad_request',
      `${base}/linked_tags: tag ${missingTag} is not a tag of this workspace`,
    );
  }
  if (missingProject) {
    throw new AppError(
      'bad_request',
      `${base}/linked_workspace_projects: project ${missingProject} is not a project of this workspace`,
    );
  }
}

/**
 * Editors and admins submit a URL: the submission is stored with its job in one transaction and answered
 * at once, pending. A URL that is not a fetchable web address is quarantined straight away (no job).
 */
export async function submit(
  db: Database,
  actor: Actor,
  kind: SubmissionKind,
  body: SubmitTool,
  queue: IngestionQueue | undefined,
): Promise<Submission> {
  const access = await authorize(db, actor, body.workspace_id, 'ingestion:submit');
  const extracted = body.pre_ingestion_extracted_data ?? null;
  await checkHints(db, access, extracted);
  const fingerprinted = fingerprintUrl(body.submitted_url);
  const submission = await inTransaction(db, async (tx) => {
    const inserted = await insertSubmission(tx, access, {
      kind,
      submittedUrl: body.submitted_url,
      // An invalid URL has no normalised form; its raw text is hashed so the field is still a fingerprint.
      fingerprint: fingerprinted.ok
        ? fingerprinted.value.fingerprint
        : createHash('sha256').update(body.submitted_url).digest('hex'),
      comment: extracted?.ingestion_hints?.suggested_comment?.trim() || null,
      status: fingerprinted.ok ? 'pending' : 'quarantined',
      quarantineContext: fingerprinted.ok
        ? null
        : { code: fingerprinted.failure.code, message: fingerprinted.failure.message },
      preIngestionExtractedData: extracted,
    });
    if (fingerprinted.ok) await enqueueIngestion(tx, inserted.id, queue);
    return inserted;
  });
  queue?.wake();
  return submission;
}

function enqueueIngestion(db: Executor, submissionId: string, queue: IngestionQueue | undefined) {
  return ingestionQueue.enqueue(
    db,
    { submissionId },
    {
      ...(queue ? { maxAttempts: queue.maxAttempts } : {}),
      // A retry clicked twice while the first is still waiting adds no second job.
      dedupeKey: `ingestion:${submissionId}`,
    },
  );
}

/** Every member sees the workspace's submissions of one kind, newest first. */
export async function listWorkspaceSubmissions(
  db: Database,
  actor: Actor,
  workspaceId: string,
  kind: SubmissionKind,
  limit: number,
): Promise<Submission[]> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  return listSubmissions(db, access, kind, limit);
}

/** The caller's grant in the submission's workspace; a non-member gets the same 404 as for no submission. */
async function authorizeSubmission<P extends Permission>(
  db: Database,
  actor: Actor,
  id: string,
  permission: P,
): Promise<Authorized<P>> {
  const workspaceId = await findSubmissionWorkspace(db, id);
  if (!workspaceId) throw new AppError('not_found', SUBMISSION_NOT_FOUND);
  try {
    return await authorize(db, actor, workspaceId, permission);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      throw new AppError('not_found', SUBMISSION_NOT_FOUND);
    }
    throw error;
  }
}

export async function getSubmission(db: Database, actor: Actor, id: string): Promise<Submission> {
  const access = await authorizeSubmission(db, actor, id, 'catalog:read');
  const submission = await findSubmission(db, id, access);
  if (!submission) throw new AppError('not_found', SUBMISSION_NOT_FOUND);
  return submission;
}

/** The stored submission a reviewer may act on: quarantined or failed. */
async function reviewable(
  db: Database,
  access: Authorized<'ingestion:review'>,
  id: string,
): Promise<SubmissionRow> {
  const submission = await findSubmissionRow(db, id, access);
  if (!submission) throw new AppError('not_found', SUBMISSION_NOT_FOUND);
  if (!(REVIEWABLE_STATUSES as readonly string[]).includes(submission.status)) {
    throw new AppError('conflict', NOT_REVIEWABLE(submission.status));
  }
  return submission;
}

/**
 * The submission a review moved, as it is now; none moved: someone else reviewed it first, and the caller
 * hears its status.
 */
async function reviewed(
  db: Executor,
  access: Authorized<'ingestion:review'>,
  id: string,
  moved: boolean,
): Promise<Submission> {
  const submission = await findSubmission(db, id, access);
  if (moved && submission) return submission;
  throw new AppError('conflict', NOT_REVIEWABLE(submission?.status ?? 'gone'));
}

/** Back to pending with a new job: the site may have been down, or the deny list changed. */
export async function retrySubmission(
  db: Database,
  actor: Actor,
  id: string,
  queue: IngestionQueue | undefined,
): Promise<Submission> {
  const access = await authorizeSubmission(db, actor, id, 'ingestion:review');
  await reviewable(db, access, id);
  const submission = await inTransaction(db, async (tx) => {
    const moved = await reviewSubmission(tx, access, id, REVIEWABLE_STATUSES, {
      status: 'pending',
      quarantineContext: null,
    });
    if (moved) await enqueueIngestion(tx, id, queue);
    // Read before the job is woken, which moves the submission on.
    return reviewed(tx, access, id, moved !== undefined);
  });
  queue?.wake();
  return submission;
}

export async function rejectSubmission(db: Database, actor: Actor, id: string): Promise<Submission> {
  const access = await authorizeSubmission(db, actor, id, 'ingestion:review');
  await reviewable(db, access, id);
  // The quarantine context stays: it says why the submission was turned down.
  const moved = await reviewSubmission(db, access, id, REVIEWABLE_STATUSES, { status: 'rejected' });
  return reviewed(db, access, id, moved !== undefined);
}

/**
 * Makes the tool or resource from metadata a reviewer typed, without fetching: for a page the fetcher cannot
 * read (a bot challenge, an intranet page) that a person vouches for. The hints apply as on completion.
 */
export async function releaseSubmission(
  db: Database,
  actor: Actor,
  id: string,
  body: ReleaseSubmission,
): Promise<Submission> {
  const access = await authorizeSubmission(db, actor, id, 'ingestion:review');
  const submission = await reviewable(db, access, id);
  const fingerprinted = fingerprintUrl(submission.submittedUrl);
  if (!fingerprinted.ok) throw new AppError('conflict', RELEASE_NEEDS_URL);
  const { fingerprint, normalizedUrl } = fingerprinted.value;
  const name = body.name ?? null;
  const description = body.description ?? null;
  if (submission.kind === 'tool' && !name)
    throw new AppError('bad_request', `/body/name: ${RELEASE_NEEDS_NAME}`);

  const moved = await inTransaction(db, async (tx) => {
    let item: IngestedItem;
    if (submission.kind === 'tool') {
      const toolId = await insertOrFillGlobalTool(tx, access, fingerprint, {
        canonicalUrl: normalizedUrl,
        name,
        description,
        imageUrl: null,
        iconUrl: null,
        iconMedia: null,
        imageMedia: null,
        homepageUrl: body.homepage_url ?? normalizedUrl,
        forgeUrl: null,
        discordUrl: null,
        slackUrl: null,
      });
      const workspaceToolId = await linkToolToWorkspace(tx, access, {
        toolId,
        baseSlug: slugify(name ?? 'tool', 'tool'),
        rawSubmittedUrl: submission.submittedUrl,
      });
      item = { kind: 'tool', workspaceToolId };
    } else {
      const resourceId = await insertResource(tx, access, {
        fingerprint,
        url: submission.submittedUrl,
        title: name,
        description,
      });
      item = { kind: 'resource', resourceId };
    }
    return completeSubmission(tx, access, submission, item);
  });
  return reviewed(db, access, id, moved !== undefined);
}
