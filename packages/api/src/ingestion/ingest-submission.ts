import type { Database } from '@stackyard/db/client';
import type { QuarantineContext } from '@stackyard/contracts/ingestion';
import { createAddressPolicy } from '@stackyard/ingestion/address-policy';
import type { IngestionFailure } from '@stackyard/ingestion/failure';
import { fetchPage, type FetchPageOptions } from '@stackyard/ingestion/fetch-page';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { readableCopyOffThread } from '@stackyard/ingestion/readable-copy-thread';
import { slugify } from '@stackyard/contracts/slug';
import type { SystemGrant } from '../access/access.ts';
import { inTransaction, together, type Executor } from '../db.ts';
import { SUBMITTER_LOST_ACCESS } from '../jobs/lost-access.ts';
import { systemGrant } from '../jobs/system-grant.ts';
import { saveResourceCopy } from '../resources/copies.repo.ts';
import { fillResourceMetadata, insertResource } from '../resources/resources.repo.ts';
import {
  findGlobalTool,
  findToolByFingerprint,
  linkToolToWorkspace,
  upsertGlobalTool,
} from '../tools/tools.repo.ts';
import { completeSubmission } from './complete-submission.ts';
import { fetchPageMedia, storePageMedia } from './page-media.ts';
import {
  setSubmissionStatus,
  setSubmissionStatusAsSubmitter,
  type MovedSubmission,
  type SubmissionRow,
} from './ingestion.repo.ts';

// The work of the ingestion job, for one submission, acting for its submitter (a SystemGrant): it never
// fetches what it can reuse (the workspace's own tool, or another workspace's freshly enriched global
// tool); otherwise it reads the page through the guarded fetcher. A permanent failure quarantines the
// submission at once; a transient one is thrown to the queue, which retries with backoff and, when out of
// attempts, marks the submission failed (failSubmission). A submitter who may no longer write the workspace
// gets the submission failed instead, with nothing written (jobs/lost-access.ts).

export interface IngestSettings {
  /** Global metadata older than this is fetched again rather than reused. */
  staleAfterMs: number;
  /** Intranet hosts and ranges the fetcher may reach (empty: public addresses only). */
  allowlist: readonly string[];
  denyDomains: readonly string[];
  /** Further fetcher options (tests: a resolver or CA). */
  fetch?: Omit<FetchPageOptions, 'policy' | 'signal'>;
}

/** A transient fetch failure, thrown so the queue retries; it keeps the reason for when it gives up. */
export class TransientIngestionError extends Error {
  readonly failure: IngestionFailure;
  constructor(failure: IngestionFailure) {
    super(`${failure.code}: ${failure.detail ?? failure.message}`);
    this.name = 'TransientIngestionError';
    this.failure = failure;
  }
}

const contextOf = (failure: IngestionFailure): QuarantineContext => ({
  code: failure.code,
  message: failure.message,
});

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'tool';
  }
}

/** What the job's queue offers the work (ClaimedJob). */
export interface SubmissionJob {
  /** Called once the page and its images are read (or failed): nothing more is fetched. */
  fetched(): void;
  /** Writes the job's completion in the transaction that writes the submission's outcome. */
  completeIn(tx: Executor): Promise<void>;
}

export async function ingestSubmission(
  db: Database,
  settings: IngestSettings,
  submissionId: string,
  signal: AbortSignal,
  job: SubmissionJob,
): Promise<void> {
  // Read, its submitter's grant asked and moved to fetching in one statement; nothing when gone (its workspace
  // was deleted) or already settled (a retry after the outcome was written). Asked again where the job
  // writes; asked here, a lost submitter costs no fetch.
  const submission = await submitterMoves(db, submissionId);
  if (!submission) return;
  const grant = systemGrant(submission.workspaceId, submission.submittedByUserId);

  const fingerprinted = fingerprintUrl(submission.submittedUrl);
  if (!fingerprinted.ok) {
    await setSubmissionStatus(db, submissionId, 'quarantined', {
      quarantineContext: contextOf(fingerprinted.failure),
    });
    return;
  }
  if (submission.kind === 'resource') {
    await ingestResource(db, grant, settings, submission, fingerprinted.value.fingerprint, signal, job);
  } else {
    await ingestTool(db, grant, settings, submission, fingerprinted.value, signal, job);
  }
}

/**
 * The submission moved to fetching while its submitter may still write the catalog; failed, saying why, and
 * undefined when they may not (or when it was settled).
 */
async function submitterMoves(db: Executor, submissionId: string): Promise<MovedSubmission | undefined> {
  const moved = await setSubmissionStatusAsSubmitter(db, submissionId, 'fetching', SUBMITTER_LOST_ACCESS);
  return moved?.status === 'fetching' ? moved : undefined;
}

/**
 * Runs `write` (what the job adds, then completeSubmission) in one transaction, only while the submission is
 * unsettled and its submitter may still write the catalog: one statement asks both and keeps the membership
 * locked until the transaction ends (setSubmissionStatusAsSubmitter).
 */
async function asSubmitter(
  db: Database,
  job: SubmissionJob,
  submissionId: string,
  write: (tx: Executor) => Promise<unknown>,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    // The job completes whatever the move answers: both go at once.
    const [moved] = await together([submitterMoves(tx, submissionId), job.completeIn(tx)]);
    // Not moved: settled meanwhile (its submitter lost access; an earlier attempt finished late).
    if (moved) await write(tx);
  });
}

/**
 * Reads the page through the guarded fetcher, then its icon and preview image; a failure of the page settles
 * (or, transient, retries) the submission, one of the images only leaves it out.
 */
async function readPage(
  db: Database,
  settings: IngestSettings,
  submission: SubmissionRow,
  signal: AbortSignal,
  job: SubmissionJob,
) {
  const options = {
    ...settings.fetch,
    policy: createAddressPolicy({ allowlist: settings.allowlist, denyDomains: settings.denyDomains }),
    signal,
  };
  const page = await fetchPage(submission.submittedUrl, options);
  if (page.ok) {
    const { metadata, html, url } = page.value;
    const media = await fetchPageMedia(metadata, options);
    job.fetched();
    return { metadata, html, url, media };
  }
  job.fetched();
  if (page.failure.transient) {
    // Waiting for the retry; the queue marks it failed if none succeeds.
    await setSubmissionStatus(db, submission.id, 'pending');
    throw new TransientIngestionError(page.failure);
  }
  await setSubmissionStatus(db, submission.id, 'quarantined', { quarantineContext: contextOf(page.failure) });
  return null;
}

async function ingestTool(
  db: Database,
  grant: SystemGrant,
  settings: IngestSettings,
  submission: SubmissionRow,
  { fingerprint, normalizedUrl }: { fingerprint: string; normalizedUrl: string },
  signal: AbortSignal,
  job: SubmissionJob,
): Promise<void> {
  const owned = await findToolByFingerprint(db, grant, fingerprint);
  if (owned) {
    await asSubmitter(db, job, submission.id, (tx) =>
      completeSubmission(tx, grant, submission, { kind: 'tool', workspaceToolId: owned }),
    );
    return;
  }

  const known = await findGlobalTool(db, fingerprint);
  if (known?.enrichedAt && Date.now() - known.enrichedAt.getTime() < settings.staleAfterMs) {
    await asSubmitter(db, job, submission.id, async (tx) => {
      const workspaceToolId = await linkToolToWorkspace(tx, grant, {
        toolId: known.id,
        baseSlug: slugify(known.name ?? hostOf(normalizedUrl), 'tool'),
        rawSubmittedUrl: submission.submittedUrl,
      });
      await completeSubmission(tx, grant, submission, { kind: 'tool', workspaceToolId });
    });
    return;
  }

  const read = await readPage(db, settings, submission, signal, job);
  if (!read) return;
  const { metadata } = read;
  await asSubmitter(db, job, submission.id, async (tx) => {
    const toolId = await upsertGlobalTool(tx, grant, fingerprint, {
      canonicalUrl: normalizedUrl,
      name: metadata.suggestedName,
      description: metadata.description,
      imageUrl: metadata.previewImage,
      iconUrl: read.media.icon?.url ?? null,
      ...(await storePageMedia(tx, read.media)),
      homepageUrl: metadata.homepageUrl,
      forgeUrl: metadata.forgeUrl,
      discordUrl: metadata.communityLinks.discordUrl,
      slackUrl: metadata.communityLinks.slackUrl,
    });
    const workspaceToolId = await linkToolToWorkspace(tx, grant, {
      toolId,
      baseSlug: metadata.suggestedSlug || slugify(metadata.suggestedName, 'tool'),
      rawSubmittedUrl: submission.submittedUrl,
    });
    await completeSubmission(tx, grant, submission, { kind: 'tool', workspaceToolId });
  });
}

/**
 * A resource belongs to one workspace: a URL the workspace already has links to its resource without a
 * fetch. An imported bookmark's enrichment is the exception: its resource exists (with the bookmark's
 * title) and the page fills in what it lacks.
 */
async function ingestResource(
  db: Database,
  grant: SystemGrant,
  settings: IngestSettings,
  submission: MovedSubmission,
  fingerprint: string,
  signal: AbortSignal,
  job: SubmissionJob,
): Promise<void> {
  const existing = submission.resourceOfUrl;
  if (existing && !submission.bookmarkImportId) {
    await asSubmitter(db, job, submission.id, (tx) =>
      completeSubmission(tx, grant, submission, { kind: 'resource', resourceId: existing }),
    );
    return;
  }
  const read = await readPage(db, settings, submission, signal, job);
  if (!read) return;
  const { metadata } = read;
  // Off the transaction and the event loop; a page without an article (or too hostile to read) has no copy.
  const copy = await readableCopyOffThread(read.html, read.url);
  await asSubmitter(db, job, submission.id, async (tx) => {
    const extracted = {
      title: metadata.title,
      description: metadata.description,
      image: metadata.previewImage,
      page: {
        icon: read.media.icon?.url ?? null,
        ...(await storePageMedia(tx, read.media)),
        siteName: metadata.publisher,
        author: metadata.author,
        publishedAt: dateOf(metadata.publishedAt),
        language: metadata.language,
      },
    };
    const resourceId =
      existing ??
      (await insertResource(tx, grant, { fingerprint, url: submission.submittedUrl, ...extracted }));
    // What fills an imported bookmark's resource, the copy and the completion need no answer of each other.
    await together([
      existing ? fillResourceMetadata(tx, grant, existing, extracted) : null,
      copy ? saveResourceCopy(tx, grant, resourceId, read.url, copy) : null,
      completeSubmission(tx, grant, submission, { kind: 'resource', resourceId }),
    ]);
  });
}

function dateOf(value: string | null): Date | null {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** Marks the submission of a job the queue gave up on as failed, with the last reason. */
export async function failSubmission(db: Database, submissionId: string, error: unknown): Promise<void> {
  const quarantineContext =
    error instanceof TransientIngestionError
      ? contextOf(error.failure)
      : error instanceof Error && error.name === 'JobTimeout'
        ? { code: 'timeout', message: 'Reading this link took too long, even after retrying.' }
        : {
            code: 'internal_error',
            message: 'stackyard could not read this link because of an error on its side.',
          };
  await setSubmissionStatus(db, submissionId, 'failed', { quarantineContext });
}
