import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { NeedsAttentionPanel } from '@/features/health/components/needs-attention-panel';
import { RecentIngestionsPanel } from '@/features/ingestions/components/recent-ingestions-panel';
import { RecentProjectsPanel } from '@/features/projects/components/recent-projects-panel';
import { RecentResourcesPanel } from '@/features/resources/components/recent-resources-panel';
import { RecentToolsPanel } from '@/features/tools/components/recent-tools-panel';
import { WorkspaceDashboard } from '@/features/workspaces/components/workspace-dashboard';
import { canIn } from '@/lib/permissions';
import { attentionLinks } from './attention-links';
import { WorkspaceGate } from './workspace-gate';

export function WorkspaceDashboardRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.dashboard.getHref}>
      {(workspace) => <Dashboard key={workspace.id} workspace={workspace} />}
    </WorkspaceGate>
  );
}

/** The workspace's summary with a panel of recent items from each feature; each panel fails on its own. */
export function Dashboard({ workspace }: { workspace: WorkspaceListItem }) {
  const owner = workspace.owner_username ?? '';
  const { slug } = workspace;
  const toolHref = (toolSlug: string) => paths.workspace.tool.getHref(owner, slug, toolSlug);
  const resourceHref = (id: string) => paths.workspace.resource.getHref(owner, slug, id);
  const ingestionsHref = paths.workspace.toolIngestions.getHref(owner, slug);
  return (
    <WorkspaceDashboard
      workspace={workspace}
      ingestionsHref={ingestionsHref}
      canAdd={canIn(workspace, 'ingestion:submit')}
    >
      <RecentToolsPanel
        workspaceId={workspace.id}
        allHref={paths.workspace.tools.getHref(owner, slug)}
        toolHref={toolHref}
      />
      <RecentIngestionsPanel
        workspaceId={workspace.id}
        allHref={ingestionsHref}
        toolHref={toolHref}
        resourceHref={resourceHref}
      />
      <RecentResourcesPanel
        workspaceId={workspace.id}
        allHref={paths.workspace.resources.getHref(owner, slug)}
        resourceHref={resourceHref}
      />
      <RecentProjectsPanel
        workspaceId={workspace.id}
        allHref={paths.workspace.projects.getHref(owner, slug)}
        projectHref={(projectSlug) => paths.workspace.project.getHref(owner, slug, projectSlug)}
      />
      <NeedsAttentionPanel
        workspaceId={workspace.id}
        canEdit={canIn(workspace, 'catalog:write')}
        allHref={paths.workspace.needsAttention.getHref(owner, slug)}
        links={attentionLinks(workspace)}
      />
    </WorkspaceDashboard>
  );
}
