import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { useTags } from '@/features/catalog/api/get-tags';
import { ResourcesList } from '@/features/resources/components/resources-list';
import { canIn } from '@/lib/permissions';
import { WorkspaceGate } from './workspace-gate';

export function ResourcesRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.resources.getHref} notFound="Workspace not found">
      {(workspace) => <WorkspaceResources workspace={workspace} />}
    </WorkspaceGate>
  );
}

function WorkspaceResources({ workspace }: { workspace: WorkspaceListItem }) {
  const tags = useTags(workspace.id);
  const owner = workspace.owner_username ?? '';
  return (
    <ResourcesList
      workspaceId={workspace.id}
      tags={tags.data ?? []}
      resourceHref={(id) => paths.workspace.resource.getHref(owner, workspace.slug, id)}
      addResourceHref={paths.workspace.toolIngestions.getHref(owner, workspace.slug, 'resource')}
      canAdd={canIn(workspace, 'ingestion:submit')}
    />
  );
}
