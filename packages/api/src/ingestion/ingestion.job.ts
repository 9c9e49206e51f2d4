import type { Database } from '@stackyard/db/client';
import { createJobWorker, type ClaimedJob, type JobLog, type JobWorker } from '@stackyard/db/job-queue';
import type { QuarantineContext } from '@stackyard/contracts/ingestion';
import { createAddressPolicy } from '@stackyard/ingestion/address-policy';
import type { IngestionFailure } from '@stackyard/ingestion/failure';
import { fetchPage, type FetchPageOptions } from '@stackyard/ingestion/fetch-page';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { slugify } from '@stackyard/contracts/slug';
import { inTransaction, type Executor } from '../db.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';
import { applyHints, type IngestedItem } from './ingestion-hints.ts';
import {
  fillResourceMetadata,
  findGlobalTool,
  findSubmission,
  findWorkspaceResourceByFingerprint,
  findWorkspaceToolByFingerprint,
  insertResource,
  linkToolToWorkspace,
  setSubmissionStatus,
  upsertGlobalTool,
  type SubmissionRow,
} from './ingestion.repo.ts';

// The ingestion job: one per submission, on the `ingestion` queue. It never fetches what it can reuse (the
// workspace's own tool, or another workspace's freshly enriched global tool); otherwise it reads the page
// through the guarded fetcher. A permanent failure quarantines the submission at once; a transient one is
// thrown to the queue, which retries with backoff and, when out of attempts, marks the submission failed.

export const INGESTION_QUEUE = 'ingestion';
/**
 * The enrichment of imported bookmarks: a queue of its own with its own (smaller) worker, so thousands of
 * them never stand in front of a member's interactive submission.
 */
export const ENRICHMENT_QUEUE = 'ingestion-enrichment';

export interface IngestionSettings {
  concurrency: number;
  /** Jobs of the background enrichment queue (imported bookmarks) run at once, besides `concurrency`. */
  enrichmentConcurrency: number;
  /** Whether a bookmark import enqueues the background enrichment of the resources it adds. */
  enrichBookmarks: boolean;
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
  enrichmentConcurrency: 2,
  enrichBookmarks: true,
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

/**
 * Completes a submission with what it made or linked, and applies its hints in the same transaction; an
 * attempt that finishes after the outcome was written (abandoned at its time limit) changes nothing.
 */
async function complete(db: Executor, submission: SubmissionRow, item: IngestedItem): Promise<void> {
  const moved = await setSubmissionStatus(
    db,
    submission.id,
    'completed',
    item.kind === 'tool' ? { workspaceToolId: item.workspaceToolId } : { resourceId: item.resourceId },
  );
  if (!moved) return;
  await applyHints(db, submission, item);
  await markWorkspaceChanged(db, submission.workspaceId);
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

  const fingerprinted = fingerprintUrl(submission.submittedUrl);
  if (!fingerprinted.ok) {
    await setSubmissionStatus(db, submissionId, 'quarantined', {
      quarantineContext: contextOf(fingerprinted.failure),
    });
    return;
  }
  if (submission.kind === 'resource') {
    await ingestResource(db, settings, submission, fingerprinted.value.fingerprint, signal);
  } else {
    await ingestTool(db, settings, submission, fingerprinted.value, signal);
  }
}

/** Reads the page through the guarded fetcher; a failure settles (or, transient, retries) the submission. */
async function readPage(
  db: Database,
  settings: IngestionSettings,
  submission: SubmissionRow,
  signal: AbortSignal,
) {
  const page = await fetchPage(submission.submittedUrl, {
    ...settings.fetch,
    policy: createAddressPolicy({ allowlist: settings.allowlist, denyDomains: settings.denyDomains }),
    signal,
  });
  if (page.ok) return page.value.metadata;
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
  settings: IngestionSettings,
  submission: SubmissionRow,
  { fingerprint, normalizedUrl }: { fingerprint: string; normalizedUrl: string },
  signal: AbortSignal,
): Promise<void> {
  const { workspaceId } = submission;
  const owned = await findWorkspaceToolByFingerprint(db, workspaceId, fingerprint);
  if (owned) {
    await inTransaction(db, (tx) => complete(tx, submission, { kind: 'tool', workspaceToolId: owned }));
    return;
  }

  const known = await findGlobalTool(db, fingerprint);
  if (known?.enrichedAt && Date.now() - known.enrichedAt.getTime() < settings.staleAfterMs) {
    await inTransaction(db, async (tx) => {
      const workspaceToolId = await linkToolToWorkspace(tx, {
        workspaceId,
        toolId: known.id,
        baseSlug: slugify(known.name ?? hostOf(normalizedUrl), 'tool'),
        rawSubmittedUrl: submission.submittedUrl,
      });
      await complete(tx, submission, { kind: 'tool', workspaceToolId });
    });
    return;
  }

  const metadata = await readPage(db, settings, submission, signal);
  if (!metadata) return;
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
      baseSlug: metadata.suggestedSlug || slugify(metadata.suggestedName, 'tool'),
      rawSubmittedUrl: submission.submittedUrl,
    });
    await complete(tx, submission, { kind: 'tool', workspaceToolId });
  });
}

/**
 * A resource belongs to one workspace: a URL the workspace already has links to its resource without a
 * fetch. An imported bookmark's enrichment is the exception: its resource exists (with the bookmark's
 * title) and the page fills in what it lacks.
 */
async function ingestResource(
  db: Database,
  settings: IngestionSettings,
  submission: SubmissionRow,
  fingerprint: string,
  signal: AbortSignal,
): Promise<void> {
  const { workspaceId } = submission;
  const existing = await findWorkspaceResourceByFingerprint(db, workspaceId, fingerprint);
  if (existing && !submission.bookmarkImportId) {
    await inTransaction(db, (tx) => complete(tx, submission, { kind: 'resource', resourceId: existing.id }));
    return;
  }
  const metadata = await readPage(db, settings, submission, signal);
  if (!metadata) return;
  const extracted = { title: metadata.title, description: metadata.description, image: metadata.image };
  await inTransaction(db, async (tx) => {
    let resourceId: string;
    if (existing) {
      await fillResourceMetadata(tx, existing.id, extracted);
      resourceId = existing.id;
    } else {
      resourceId = await insertResource(tx, {
        workspaceId,
        fingerprint,
        rawSubmittedUrl: submission.submittedUrl,
        ...extracted,
      });
    }
    await complete(tx, submission, { kind: 'resource', resourceId });
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

/**
 * The ingestion workers of one process: the interactive queue and, beside it, the background enrichment
 * queue with its own slots. Controlled as one.
 */
export function createIngestionWorker(
  db: Database,
  settings: IngestionSettings,
  log: JobLog & { info?(details: object, message: string): void },
): JobWorker {
  const worker = (queue: string, concurrency: number) =>
    createJobWorker(db, {
      queue,
      concurrency,
      pollMs: settings.pollMs,
      timeoutMs: settings.timeoutMs,
      ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
      log,
      handler: async (job, signal) => {
        const submissionId = submissionIdOf(job);
        await ingestSubmission(db, settings, submissionId, signal);
        // What a worker process says it did (`--role worker` has no API to ask).
        log.info?.({ submissionId, queue, attempt: job.attempt }, 'ingestion submission processed');
      },
      onGiveUp: (job, error) => giveUp(db, job, error),
    });
  return combineWorkers([
    worker(INGESTION_QUEUE, settings.concurrency),
    worker(ENRICHMENT_QUEUE, Math.max(1, settings.enrichmentConcurrency)),
  ]);
}

/** Several queue workers controlled as one. */
export function combineWorkers(workers: readonly JobWorker[]): JobWorker {
  return {
    start: () => workers.forEach((worker) => worker.start()),
    async drain() {
      let total = 0;
      // One queue's jobs may add to another's (an import enqueues enrichment): drain until all are idle.
      for (;;) {
        const ran = (await Promise.all(workers.map((worker) => worker.drain()))).reduce((a, b) => a + b, 0);
        total += ran;
        if (ran === 0) return total;
      }
    },
    wake: () => workers.forEach((worker) => worker.wake()),
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
