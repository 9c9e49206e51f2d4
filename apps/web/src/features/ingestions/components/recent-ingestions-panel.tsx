import { Link } from 'react-router';
import type { Submission } from '@stackyard/contracts/ingestion';
import { panelItemClass, RecentPanel } from '@/components/recent-panel';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import { useRecentIngestions } from '../api/get-recent-ingestions';

type ItemHrefs = { toolHref: (slug: string) => string; resourceHref: (id: string) => string };

/** The dashboard's newest submissions of both kinds, with their status and why one was quarantined. */
export function RecentIngestionsPanel({
  workspaceId,
  allHref,
  ...hrefs
}: { workspaceId: string; allHref: string } & ItemHrefs) {
  return (
    <RecentPanel
      thing="ingestions"
      allHref={allHref}
      allLabel="View every submission"
      emptyText="Nothing submitted yet."
      query={useRecentIngestions(workspaceId)}
      render={(submission) => (
        <li key={submission.id} className={panelItemClass}>
          <span className="min-w-0">
            <span className="block truncate text-zinc-900">
              <span className="text-xs text-zinc-600">
                {submission.kind === 'tool' ? 'Tool' : 'Resource'} ·{' '}
              </span>
              <SubmissionTarget submission={submission} {...hrefs} />
            </span>
            {submission.quarantine_context && (
              <span className="block truncate text-xs text-zinc-600">
                {submission.quarantine_context.message}
              </span>
            )}
          </span>
          <SubmissionStatusBadge status={submission.status} />
        </li>
      )}
    />
  );
}

/** The submitted URL, linking to the tool or resource it became once completed. */
function SubmissionTarget({ submission, toolHref, resourceHref }: { submission: Submission } & ItemHrefs) {
  const href = submission.workspace_tool
    ? toolHref(submission.workspace_tool.slug)
    : submission.resource_id
      ? resourceHref(submission.resource_id)
      : null;
  if (!href) return <>{submission.submitted_url}</>;
  return (
    <Link to={href} className="underline-offset-4 hover:underline">
      {submission.submitted_url}
    </Link>
  );
}
