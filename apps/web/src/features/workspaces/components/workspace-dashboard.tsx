import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Submission } from '@stackyard/contracts/ingestion';
import type { WorkspaceListItem, WorkspaceSummary } from '@stackyard/contracts/workspace';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { SubmissionStatusBadge } from '@/components/submission-status-badge';
import { WidgetBoundary } from '@/components/widget-boundary';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useRecentIngestions } from '../api/get-recent-ingestions';
import { useRecentProjects } from '../api/get-recent-projects';
import { useRecentResources } from '../api/get-recent-resources';
import { useRecentTools } from '../api/get-recent-tools';
import { useWorkspaceSummary } from '../api/get-workspace-summary';

const roleLabel = { admin: 'Admin', editor: 'Editor', viewer: 'Viewer' } as const;

type Links = ReturnType<typeof linksOf>;

function linksOf(workspace: WorkspaceListItem) {
  const owner = workspace.owner_username ?? '';
  const slug = workspace.slug;
  return {
    tools: paths.workspace.tools.getHref(owner, slug),
    tool: (toolSlug: string) => paths.workspace.tool.getHref(owner, slug, toolSlug),
    resources: paths.workspace.resources.getHref(owner, slug),
    resource: (id: string) => paths.workspace.resource.getHref(owner, slug, id),
    projects: paths.workspace.projects.getHref(owner, slug),
    project: (projectSlug: string) => paths.workspace.project.getHref(owner, slug, projectSlug),
    ingestions: paths.workspace.toolIngestions.getHref(owner, slug),
  };
}

/**
 * The workspace's home: how much it holds, what was added last, what ingestion is doing, and (for a new
 * workspace) the way to its first tool. Every panel loads and fails on its own.
 */
export function WorkspaceDashboard({ workspace }: { workspace: WorkspaceListItem }) {
  const links = linksOf(workspace);
  const canEdit = workspace.access_level !== 'viewer' || workspace.is_owner;
  const summary = useWorkspaceSummary(workspace.id);
  const empty =
    summary.data !== undefined &&
    summary.data.tools + summary.data.resources + summary.data.projects === 0 &&
    summary.data.ingestions_in_progress + summary.data.ingestions_needing_review === 0;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <DocumentTitle title={workspace.name} />
      <p className="text-sm font-medium text-amber-800">
        {workspace.owner_username}/{workspace.slug} · {roleLabel[workspace.access_level]}
      </p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-zinc-950">{workspace.name}</h1>
      {workspace.description && <p className="mt-3 max-w-2xl text-zinc-600">{workspace.description}</p>}

      <WidgetBoundary name="workspace summary">
        <SummaryPanel summary={summary} links={links} />
      </WidgetBoundary>

      {empty ? (
        <EmptyWorkspace canEdit={canEdit} addToolHref={links.ingestions} />
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <WidgetBoundary name="recent tools">
            <RecentTools workspaceId={workspace.id} links={links} />
          </WidgetBoundary>
          <WidgetBoundary name="recent ingestions">
            <RecentIngestions workspaceId={workspace.id} links={links} />
          </WidgetBoundary>
          <WidgetBoundary name="recent resources">
            <RecentResources workspaceId={workspace.id} links={links} />
          </WidgetBoundary>
          <WidgetBoundary name="recent projects">
            <RecentProjects workspaceId={workspace.id} links={links} />
          </WidgetBoundary>
        </div>
      )}
    </section>
  );
}

/** What a panel needs of a query: its data once there, else its error, else it is loading. */
type QueryState<T> = { data: T | undefined; error: Error | null };

function SummaryPanel({ summary, links }: { summary: QueryState<WorkspaceSummary>; links: Links }) {
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
            <Link to={links.ingestions} className="font-medium text-amber-800 underline underline-offset-4">
              {plural(data.ingestions_needing_review, 'submission')} to review
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

function EmptyWorkspace({ canEdit, addToolHref }: { canEdit: boolean; addToolHref: string }) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
      <h2 className="text-xl font-semibold text-zinc-950">This workspace is empty</h2>
      {canEdit ? (
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

function PanelLoading({ text, className }: { text: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-zinc-600', className)}>
      <Spinner />
      {text}
    </p>
  );
}

/** A panel of the latest few of something, with a link to all of them. */
function RecentPanel<T>({
  thing,
  allHref,
  allLabel,
  emptyText = `No ${thing} yet.`,
  query,
  render,
}: {
  /** For the title 'Recent {thing}', 'Loading {thing}...' and 'Error loading {thing}: {message}' (spec §8). */
  thing: string;
  allHref: string;
  allLabel: string;
  emptyText?: string;
  query: QueryState<T[]>;
  render: (item: T) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-zinc-200 p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="font-semibold text-zinc-950">
          {`Recent ${thing}`}
        </h2>
        <Link to={allHref} className="text-sm text-zinc-700 underline underline-offset-4 hover:text-zinc-950">
          {allLabel}
        </Link>
      </div>
      <div className="mt-3">
        <PanelList query={query} thing={thing} emptyText={emptyText} render={render} />
      </div>
    </section>
  );
}

function PanelList<T>({
  query,
  thing,
  emptyText,
  render,
}: {
  query: QueryState<T[]>;
  thing: string;
  emptyText: string;
  render: (item: T) => ReactNode;
}) {
  if (!query.data) {
    if (query.error) return <Alert>{`Error loading ${thing}: ${query.error.message}`}</Alert>;
    return <PanelLoading text={`Loading ${thing}...`} />;
  }
  if (query.data.length === 0) return <p className="text-sm text-zinc-600">{emptyText}</p>;
  return <ul className="divide-y divide-zinc-100">{query.data.map(render)}</ul>;
}

const itemClass = 'flex items-center justify-between gap-3 py-2 text-sm';

/** A row naming an item with a link to its page, and a detail (rating, date) at the end. */
function LinkItem({ href, name, children }: { href: string; name: string; children: ReactNode }) {
  return (
    <li className={itemClass}>
      <Link to={href} className="truncate font-medium text-zinc-950 hover:underline">
        {name}
      </Link>
      {children}
    </li>
  );
}

type PanelProps = { workspaceId: string; links: Links };

function RecentTools({ workspaceId, links }: PanelProps) {
  return (
    <RecentPanel
      thing="tools"
      allHref={links.tools}
      allLabel="View every tool"
      query={useRecentTools(workspaceId)}
      render={(tool) => (
        <LinkItem
          key={tool.workspace_tool_id}
          href={links.tool(tool.slug)}
          name={tool.metadata.name ?? tool.slug}
        >
          <StarRating rating={tool.context.rating} className="shrink-0 text-xs" />
        </LinkItem>
      )}
    />
  );
}

function RecentResources({ workspaceId, links }: PanelProps) {
  return (
    <RecentPanel
      thing="resources"
      allHref={links.resources}
      allLabel="View every resource"
      query={useRecentResources(workspaceId)}
      render={(resource) => (
        <LinkItem
          key={resource.workspace_resource_id}
          href={links.resource(resource.workspace_resource_id)}
          name={resource.metadata.extracted_title ?? resource.raw_submitted_url}
        >
          <StarRating rating={resource.context.rating} className="shrink-0 text-xs" />
        </LinkItem>
      )}
    />
  );
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

function RecentProjects({ workspaceId, links }: PanelProps) {
  return (
    <RecentPanel
      thing="projects"
      allHref={links.projects}
      allLabel="View every project"
      query={useRecentProjects(workspaceId)}
      render={(project) => (
        <LinkItem key={project.id} href={links.project(project.slug)} name={project.metadata.name}>
          <time dateTime={project.created_at} className="shrink-0 text-xs text-zinc-600">
            {dateFormat.format(new Date(project.created_at))}
          </time>
        </LinkItem>
      )}
    />
  );
}

function RecentIngestions({ workspaceId, links }: PanelProps) {
  return (
    <RecentPanel
      thing="ingestions"
      allHref={links.ingestions}
      allLabel="View every submission"
      emptyText="Nothing submitted yet."
      query={useRecentIngestions(workspaceId)}
      render={(submission) => (
        <li key={submission.id} className={itemClass}>
          <span className="min-w-0">
            <span className="block truncate text-zinc-900">
              <span className="text-xs text-zinc-600">
                {submission.kind === 'tool' ? 'Tool' : 'Resource'} ·{' '}
              </span>
              <SubmissionTarget submission={submission} links={links} />
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
function SubmissionTarget({ submission, links }: { submission: Submission; links: Links }) {
  const href = submission.workspace_tool
    ? links.tool(submission.workspace_tool.slug)
    : submission.resource_id
      ? links.resource(submission.resource_id)
      : null;
  if (!href) return <>{submission.submitted_url}</>;
  return (
    <Link to={href} className="underline-offset-4 hover:underline">
      {submission.submitted_url}
    </Link>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
