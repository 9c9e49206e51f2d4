import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Submission, SubmissionKind } from '@stackyard/contracts/ingestion';
import { RelativeTime } from '@/components/relative-time';
import { StatusScreen } from '@/components/status-screen';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useRefreshCatalogOnCompletion, useSubmissions } from '../api/get-submissions';
import { useRetrySubmission } from '../api/retry-submission';
import { isInFlight, isReviewable } from '../lib/status';
import { RejectDialog } from './reject-dialog';
import { ReleaseDialog } from './release-dialog';

type SubmissionsListProps = {
  workspaceId: string;
  kind: SubmissionKind;
  /** Editors, admins and the owner retry, release and reject; viewers only follow. */
  canReview: boolean;
  toolHref: (slug: string) => string;
  resourceHref: (resourceId: string) => string;
};

/** Cards shown at first and added per "Show more". */
const PAGE_SIZE = 20;

export function SubmissionsList({
  workspaceId,
  kind,
  canReview,
  toolHref,
  resourceHref,
}: SubmissionsListProps) {
  const headingId = useId();
  const [shown, setShown] = useState(PAGE_SIZE);
  const submissions = useSubmissions(workspaceId, kind);
  const items = submissions.data ?? [];
  const inFlight = items.filter((submission) => isInFlight(submission.status)).length;
  useRefreshCatalogOnCompletion(workspaceId, kind, items);
  const thing = kind === 'tool' ? 'tool submissions' : 'resource submissions';

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-zinc-950">
          {kind === 'tool' ? 'Tool submissions' : 'Resource submissions'}
        </h2>
        {/* Announced when it changes, so a screen reader hears the batch settle without watching each row. */}
        <p role="status" aria-live="polite" className="text-sm text-zinc-600">
          {inFlight > 0 ? `${inFlight} in progress, updating live` : ''}
        </p>
      </div>
      <div className="mt-3">
        {/* A failed poll keeps the last list on screen, under the error. */}
        {submissions.isError && (
          <Alert className="mb-3">
            Error loading {thing}: {submissions.error.message}
          </Alert>
        )}
        {submissions.isPending ? (
          <StatusScreen text="Loading submissions..." />
        ) : !submissions.data ? null : items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
            <h3 className="font-semibold text-zinc-950">No submissions yet</h3>
            <p className="mt-2 text-sm text-zinc-600">
              {canReview
                ? `URLs submitted as ${kind === 'tool' ? 'tools' : 'resources'} appear here while they are fetched.`
                : 'Editors and admins submit URLs; they appear here while they are fetched.'}
            </p>
          </div>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {items.slice(0, shown).map((submission) => (
                <li key={submission.id}>
                  <SubmissionItem
                    submission={submission}
                    canReview={canReview}
                    toolHref={toolHref}
                    resourceHref={resourceHref}
                  />
                </li>
              ))}
            </ul>
            {items.length > shown && (
              <div className="mt-4 flex justify-center">
                <Button variant="outline" onClick={() => setShown((count) => count + PAGE_SIZE)}>
                  Show more ({items.length - shown} older)
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function SubmissionItem({
  submission,
  canReview,
  toolHref,
  resourceHref,
}: {
  submission: Submission;
  canReview: boolean;
  toolHref: (slug: string) => string;
  resourceHref: (resourceId: string) => string;
}) {
  return (
    <article
      aria-label={submission.submitted_url}
      className="rounded-xl border border-zinc-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm font-medium break-all text-zinc-950">
          {submission.submitted_url}
        </p>
        <SubmissionStatusBadge status={submission.status} />
      </div>
      <p className="mt-1 text-xs text-zinc-500">
        Submitted <RelativeTime iso={submission.created_at} />
      </p>
      <div className="mt-2 text-sm text-zinc-700">
        <Outcome submission={submission} toolHref={toolHref} resourceHref={resourceHref} />
        <ReviewNote submission={submission} />
      </div>
      {canReview && isReviewable(submission.status) && <ReviewActions submission={submission} />}
    </article>
  );
}

function Outcome({
  submission,
  toolHref,
  resourceHref,
}: {
  submission: Submission;
  toolHref: (slug: string) => string;
  resourceHref: (resourceId: string) => string;
}) {
  const reason = submission.quarantine_context?.message;
  switch (submission.status) {
    case 'pending':
      return <p>Queued: it is fetched shortly.</p>;
    case 'fetching':
      return <p>Fetching the page and reading its details...</p>;
    case 'completed':
      if (submission.workspace_tool) {
        return (
          <Link
            to={toolHref(submission.workspace_tool.slug)}
            className="font-medium text-zinc-900 underline underline-offset-4"
          >
            Open {submission.workspace_tool.name ?? submission.workspace_tool.slug}
          </Link>
        );
      }
      if (submission.workspace_tool_id) return <p>Added, but the tool has since been deleted.</p>;
      if (submission.resource_id) {
        return (
          <Link
            to={resourceHref(submission.resource_id)}
            className="font-medium text-zinc-900 underline underline-offset-4"
          >
            Open the resource
          </Link>
        );
      }
      return <p>Added.</p>;
    case 'quarantined':
      return (
        <p>
          {reason ?? 'This URL was held back for a person to review.'}
          {submission.quarantine_context && (
            <span className="ml-1 font-mono text-xs text-zinc-500">
              ({submission.quarantine_context.code})
            </span>
          )}
        </p>
      );
    case 'failed':
      return <p>{reason ?? 'The site kept failing; every attempt ran out.'}</p>;
    case 'rejected':
      return (
        <p>
          Rejected by a reviewer
          {submission.reviewed_at && (
            <>
              {' '}
              <RelativeTime iso={submission.reviewed_at} />
            </>
          )}
          .{reason && ` It had been held back: ${reason}`}
        </p>
      );
  }
}

/**
 * When a person moved it: a retry (it runs again, and may complete later) or a release; a rejection says so
 * itself. Only a retry leaves a submission pending, fetching, quarantined or failed with a review date.
 */
function ReviewNote({ submission }: { submission: Submission }) {
  if (!submission.reviewed_at || submission.status === 'rejected') return null;
  const when = <RelativeTime iso={submission.reviewed_at} />;
  return (
    <p className="mt-1 text-xs text-zinc-500">
      {submission.status === 'completed' ? 'Reviewed by an editor' : 'Retried by a reviewer'} {when}.
    </p>
  );
}

function ReviewActions({ submission }: { submission: Submission }) {
  const retry = useRetrySubmission(submission.workspace_id);
  const [releasing, setReleasing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const busy = retry.isPending;
  return (
    <div className="mt-3 border-t border-zinc-100 pt-3">
      <div role="group" aria-label={`Review ${submission.submitted_url}`} className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => retry.mutate(submission.id)}>
          {retry.isPending ? 'Retrying...' : 'Retry'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-haspopup="dialog"
          disabled={busy}
          onClick={() => setReleasing(true)}
        >
          Release
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-red-700"
          aria-haspopup="dialog"
          disabled={busy}
          onClick={() => setRejecting(true)}
        >
          Reject
        </Button>
      </div>
      {retry.error && <Alert className="mt-2">{retry.error.message}</Alert>}
      <ReleaseDialog submission={submission} open={releasing} onClose={() => setReleasing(false)} />
      <RejectDialog submission={submission} open={rejecting} onClose={() => setRejecting(false)} />
    </div>
  );
}
