import { PanelLinkItem, RecentPanel } from '@/components/recent-panel';
import { useRecentProjects } from '../api/get-projects';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The dashboard's newest projects of a workspace, each with the day it was created. */
export function RecentProjectsPanel({
  workspaceId,
  allHref,
  projectHref,
}: {
  workspaceId: string;
  allHref: string;
  projectHref: (slug: string) => string;
}) {
  return (
    <RecentPanel
      thing="projects"
      allHref={allHref}
      allLabel="View every project"
      query={useRecentProjects(workspaceId)}
      render={(project) => (
        <PanelLinkItem key={project.id} href={projectHref(project.slug)} name={project.metadata.name}>
          <time dateTime={project.created_at} className="shrink-0 text-xs text-zinc-600">
            {dateFormat.format(new Date(project.created_at))}
          </time>
        </PanelLinkItem>
      )}
    />
  );
}
