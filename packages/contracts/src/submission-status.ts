// Without zod, so the web app's first page can import it without loading the schema library.

/**
 * A submission's status: pending (waiting for a worker) → fetching → completed (workspace_tool_id or
 * resource_id set) | quarantined (quarantine_context says why; a person reviews it) | failed (the site kept
 * failing in ways that might have passed, through every retry; or, quarantine_context code
 * submitter_lost_access, its submitter could no longer write the workspace before it was done) | rejected (an
 * editor turned a quarantined or failed submission down). From quarantined or failed an editor may also retry
 * (back to pending) or release it with hand-typed metadata (completed).
 */
export const SUBMISSION_STATUSES = [
  'pending',
  'fetching',
  'completed',
  'quarantined',
  'failed',
  'rejected',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The statuses a reviewer may act on (retry, release, reject). */
export const REVIEWABLE_STATUSES = ['quarantined', 'failed'] as const satisfies readonly SubmissionStatus[];
