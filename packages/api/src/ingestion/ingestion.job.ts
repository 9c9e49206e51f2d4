import type { Database } from '@stackyard/db/client';
import { createJobWorker, type ClaimedJob, type JobLog, type JobWorker } from '@stackyard/db/job-queue';
import type { QuarantineContext } from '@stackyard/db/schema';
import { createAddressPolicy } from '@stackyard/ingestion/address-policy';
import type { IngestionFailure } from '@stackyard/ingestion/failure';
import { fetchPage, type FetchPageOptions } from '@stackyard/ingestion/fetch-page';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { slugify } from '@stackyard/ingestion/tool-name';
import { inTransaction } from '../db.ts';
import {
  findGlobalTool,
  findSubmission,
  findWorkspaceToolByFingerprint,
  linkToolToWorkspace,
  setSubmissionStatus,
  upsertGlobalTool,
} from './ingestion.repo.ts';

// The ingestion job: one per submission, on the `ingestion` queue. It never fetches what it can reuse (the
// workspace's own tool, or another workspace's freshly enriched global tool); otherwise it reads the page
// through the guarded fetcher. A permanent failure quarantines the submission at once; a transient one is
// thrown to the queue, which retries with backoff and, when out of attempts, marks the submission failed.

export const INGESTION_QUEUE = 'ingestion';

export interface IngestionSettings {
  concurrency: number;
  pollMs: number;
  /** One attempt's time limit (the fetcher's own total timeout is shorter). */
  timeoutMs: number;
  maxAttempts: number;
  /** Global metadata older than this is fetched again rather than reused. */
  staleAfterMs: number;
  /** Intranet hosts and ranges the fetcher may reach (empty: public addresses only). */
  allowlist: readonly string[];
  denyDomains: readonly string[];
  /** Delay before the retry after attempt n; the queue's default when not given. */
  backoffMs?: (attempt: number) => number;
  /** Further fetcher options (tests: a resolver or CA). */
  fetch?: Omit<FetchPageOptions, 'policy' | 'signal'>;
}

export const DEFAULT_INGESTION_SETTINGS: IngestionSettings = {
  concurrency: 4,
  pollMs: 1000,
  timeoutMs: 60_000,
  maxAttempts: 5,
  staleAfterMs: 30 * 24 * 3600 * 1000,
  allowlist: [],
  denyDomains: [],
};

/** What the submit route needs of the worker. */
export interface IngestionQueue {
  maxAttempts: number;
  /** Tells the worker a job was just enqueued, so it need not wait for its next poll. */
  wake(): void;
}

/** A transient fetch failure, thrown so the queue retries; it keeps the reason for when it gives up. */
class TransientIngestionError extends Error {
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

function submissionIdOf(job: ClaimedJob): string {
  const payload = job.payload;
  if (payload && typeof payload === 'object' && 'submissionId' in payload) {
    const { submissionId } = payload;
    if (typeof submissionId === 'string') return submissionId;
  }
  throw new Error(`ingestion job ${job.id} has no submissionId`);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'tool';
  }
}

export async function ingestSubmission(
  db: Database,
  settings: IngestionSettings,
  submissionId: string,
  signal: AbortSignal,
): Promise<void> {
  const submission = await findSubmission(db, submissionId);
  // Gone (its workspace was deleted) or already settled (a retry after the outcome was written).
  if (!submission || !['pending', 'fetching'].includes(submission.status)) return;
  await setSubmissionStatus(db, submissionId, 'fetching');
  const { workspaceId } = submission;

  const fingerprinted = fingerprintUrl(submission.submittedUrl);
  if (!fingerprinted.ok) {
    await setSubmissionStatus(db, submissionId, 'quarantined', {
      quarantineContext: contextOf(fingerprinted.failure),
    });
    return;
  }
  const { fingerprint, normalizedUrl } = fingerprinted.value;

  const owned = await findWorkspaceToolByFingerprint(db, workspaceId, fingerprint);
  if (owned) {
    await setSubmissionStatus(db, submissionId, 'completed', { workspaceToolId: owned });
    return;
  }

  const known = await findGlobalTool(db, fingerprint);
  if (known?.enrichedAt && Date.now() - known.enrichedAt.getTime() < settings.staleAfterMs) {
    await inTransaction(db, async (tx) => {
      const workspaceToolId = await linkToolToWorkspace(tx, {
        workspaceId,
        toolId: known.id,
        baseSlug: slugify(known.name ?? hostOf(normalizedUrl)),
        rawSubmittedUrl: submission.submittedUrl,
      });
      await setSubmissionStatus(tx, submissionId, 'completed', { workspaceToolId });
    });
    return;
  }

  const page = await fetchPage(submission.submittedUrl, {
    ...settings.fetch,
    policy: createAddressPolicy({ allowlist: settings.allowlist, denyDomains: settings.denyDomains }),
    signal,
  });
  if (!page.ok) {
    if (page.failure.transient) {
      // Waiting for the retry; the queue marks it failed if none succeeds.
      await setSubmissionStatus(db, submissionId, 'pending');
      throw new TransientIngestionError(page.failure);
    }
    await setSubmissionStatus(db, submissionId, 'quarantined', {
      quarantineContext: contextOf(page.failure),
    });
    return;
  }

  const metadata = page.value.metadata;
  await inTransaction(db, async (tx) => {
    const toolId = await upsertGlobalTool(tx, fingerprint, {
      canonicalUrl: normalizedUrl,
      name: metadata.suggestedName,
      description: metadata.description,
      imageUrl: metadata.image,
      homepageUrl: metadata.homepageUrl,
      forgeUrl: metadata.forgeUrl,
      discordUrl: metadata.communityLinks.discordUrl,
      slackUrl: metadata.communityLinks.slackUrl,
    });
    const workspaceToolId = await linkToolToWorkspace(tx, {
      workspaceId,
      toolId,
      baseSlug: metadata.suggestedSlug || slugify(metadata.suggestedName),
      rawSubmittedUrl: submission.submittedUrl,
    });
    await setSubmissionStatus(tx, submissionId, 'completed', { workspaceToolId });
  });
}

/** Marks the submission of a job the queue gave up on as failed, with the last reason. */
async function giveUp(db: Database, job: ClaimedJob, error: unknown): Promise<void> {
  const quarantineContext =
    error instanceof TransientIngestionError
      ? contextOf(error.failure)
      : error instanceof Error && error.name === 'JobTimeout'
        ? { code: 'timeout', message: 'Reading this link took too long, even after retrying.' }
        : {
            code: 'internal_error',
            message: 'stackyard could not read this link because of an error on its side.',
          };
  await setSubmissionStatus(db, submissionIdOf(job), 'failed', { quarantineContext });
}

export function createIngestionWorker(db: Database, settings: IngestionSettings, log: JobLog): JobWorker {
  return createJobWorker(db, {
    queue: INGESTION_QUEUE,
    concurrency: settings.concurrency,
    pollMs: settings.pollMs,
    timeoutMs: settings.timeoutMs,
    ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
    log,
    handler: (job, signal) => ingestSubmission(db, settings, submissionIdOf(job), signal),
    onGiveUp: (job, error) => giveUp(db, job, error),
  });
}
