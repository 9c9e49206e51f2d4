import { createHash } from 'node:crypto';
import type { PreIngestionExtractedData, Submission, SubmitTool } from '@stackyard/contracts/ingestion';
import type { Database } from '@stackyard/db/client';
import { enqueueJob } from '@stackyard/db/job-queue';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, iso } from '../db.ts';
import { DEFAULT_INGESTION_SETTINGS, INGESTION_QUEUE, type IngestionQueue } from './ingestion.job.ts';
import { insertSubmission, listSubmissions, type SubmissionRow } from './ingestion.repo.ts';

/**
 * Editors and admins submit a URL: the submission is stored with its job in one transaction and answered
 * at once, pending. A URL that is not a fetchable web address is quarantined straight away (no job).
 */
export async function submitTool(
  db: Database,
  actor: Actor,
  body: SubmitTool,
  queue: IngestionQueue | undefined,
): Promise<Submission> {
  const access = await authorize(db, actor, body.workspace_id, 'ingestion:submit');
  const fingerprinted = fingerprintUrl(body.submitted_url);
  const extracted = body.pre_ingestion_extracted_data ?? null;
  const row = await inTransaction(db, async (tx) => {
    const inserted = await insertSubmission(tx, access, {
      submittedUrl: body.submitted_url,
      // An invalid URL has no normalised form; its raw text is hashed so the field is still a fingerprint.
      fingerprint: fingerprinted.ok
        ? fingerprinted.value.fingerprint
        : createHash('sha256').update(body.submitted_url).digest('hex'),
      comment: extracted?.ingestion_hints?.suggested_comment ?? null,
      status: fingerprinted.ok ? 'pending' : 'quarantined',
      quarantineContext: fingerprinted.ok
        ? null
        : { code: fingerprinted.failure.code, message: fingerprinted.failure.message },
      preIngestionExtractedData: extracted,
    });
    if (fingerprinted.ok) {
      await enqueueJob(
        tx,
        INGESTION_QUEUE,
        { submissionId: inserted.id },
        { maxAttempts: queue?.maxAttempts ?? DEFAULT_INGESTION_SETTINGS.maxAttempts },
      );
    }
    return inserted;
  });
  queue?.wake();
  return toSubmission(row);
}

/** Every member sees the workspace's tool submissions, newest first. */
export async function listToolSubmissions(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<Submission[]> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  return (await listSubmissions(db, access)).map(toSubmission);
}

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    submitted_url: row.submittedUrl,
    submitted_fingerprint: row.submittedFingerprint,
    submitted_by_user_id: row.submittedByUserId,
    submitted_comment: row.submittedComment,
    status: row.status as Submission['status'],
    quarantine_context: row.quarantineContext ?? null,
    workspace_tool_id: row.workspaceToolId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    pre_ingestion_extracted_data: (row.preIngestionExtractedData ?? null) as PreIngestionExtractedData | null,
  };
}
