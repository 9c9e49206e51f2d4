import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { WorkspaceListItem, WorkspaceSummary } from '@stackyard/contracts/workspace';
import { DocumentTitle } from '@/components/document-title';
import { PanelLoading, type QueryState } from '@/components/recent-panel';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { WidgetBoundary } from '@/components/widget-boundary';
import { useWorkspaceSummary } from '../api/get-workspace-summary';
import { roleLabel } from '../lib/role-label';

type WorkspaceDashboardProps = {
  workspace: WorkspaceListItem;
  /** Where the summary's "to review" link and the empty state's first tool lead: the ingestions page. */
  ingestionsHref: string;
  /** Whether the caller may add to the catalog, so the empty state offers the way to a first tool. */
  canAdd: boolean;
  /** The panels of recent items, each from its own feature; shown once the workspace holds anything. */
  children: ReactNode;
};

/**
 * The workspace's home: how much it holds, what was added last, what ingestion is doing, and (for a new
 * workspace) the way to its first tool. Every panel loads and fails on its own.
 */
export function WorkspaceDashboard({ workspace, ingestionsHref, canAdd, children }: WorkspaceDashboardProps) {
  const summary = useWorkspaceSummary(workspace.id);
  const empty =
    summary.data !== undefined &&
    summary.data.tools + summary.data.resources + summary.data.projects === 0 &&
    summary.data.ingestions_in_progress + summary.data.ingestions_needing_review === 0;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <DocumentTitle title={workspace.name} />
      <p className="text-sm font-medium text-amber-800">
        {workspace.owner_username}/{workspace.slug} · {roleLabel(workspace)}
      </p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-zinc-950">{workspace.name}</h1>
      {workspace.description && <p className="mt-3 max-w-2xl text-zinc-600">{workspace.description}</p>}

      <WidgetBoundary name="workspace summary">
        <SummaryPanel summary={summary} reviewHref={ingestionsHref} />
      </WidgetBoundary>

      {empty ? (
        <EmptyWorkspace canAdd={canAdd} addToolHref={ingestionsHref} />
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2">{children}</div>
      )}
    </section>
  );
}

function SummaryPanel({
  summary,
  reviewHref,
}: {
  summary: QueryState<WorkspaceSummary>;
  reviewHref: string;
}) {
  // The counts are figures, not links: a link named "2 Tools" would share its name with the sidebar's Tools.
  const data = summary.data;
  if (!data) {
    if (summary.error) return <Alert className="mt-8">Error loading summary: {summary.error.message}</Alert>;
    return <PanelLoading text="Loading summary..." className="mt-8" />;
  }
  const counts = [
    { label: 'Tools', count: data.tools },
    { label: 'Resources', count: data.resources },
    { label: 'Projects', count: data.projects },
  ];
  return (
    <div className="mt-8">
      <h2 className="sr-only">At a glance</h2>
      <dl className="grid grid-cols-3 gap-3">
        {counts.map((item) => (
          <div key={item.label} className="flex flex-col rounded-xl border border-zinc-200 p-4">
            <dt className="order-2 text-sm text-zinc-600">{item.label}</dt>
            <dd className="order-1 text-3xl font-semibold text-zinc-950 tabular-nums">{item.count}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-zinc-600">
        {plural(data.tags, 'tag')} · {plural(data.members, 'member')}
        {data.ingestions_in_progress > 0 && <> · {data.ingestions_in_progress} being ingested</>}
        {data.ingestions_needing_review > 0 && (
          <>
            {' · '}
            <Link to={reviewHref} className="font-medium text-amber-800 underline underline-offset-4">
              {plural(data.ingestions_needing_review, 'submission')} to review
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

function EmptyWorkspace({ canAdd, addToolHref }: { canAdd: boolean; addToolHref: string }) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
      <h2 className="text-xl font-semibold text-zinc-950">This workspace is empty</h2>
      {canAdd ? (
        <>
          <p className="mx-auto mt-2 max-w-md text-zinc-600">
            Start with a tool you use: paste its homepage and stackyard fills in its name, description and
            links.
          </p>
          <LinkButton to={addToolHref} className="mt-6">
            Add your first tool
          </LinkButton>
        </>
      ) : (
        <p className="mx-auto mt-2 max-w-md text-zinc-600">
          Nothing has been added yet. Editors and admins of this workspace add tools, resources and projects.
        </p>
      )}
    </div>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
