import { PanelLinkItem, RecentPanel } from '@/components/recent-panel';
import { RelativeTime } from '@/components/relative-time';
import { useRecentProjects } from '../api/get-projects';

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
          <RelativeTime iso={project.created_at} className="shrink-0 text-xs text-zinc-600" />
        </PanelLinkItem>
      )}
    />
  );
}
