import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ResourceCopyView } from '@/features/resources/components/resource-copy';
import { WorkspaceGate } from './workspace-gate';

export function ResourceCopyRoute() {
  const { resourceId = '' } = useParams();
  return (
    <WorkspaceGate
      movedHref={(owner, slug) => paths.workspace.resourceCopy.getHref(owner, slug, resourceId)}
      notFound="Workspace not found"
    >
      {(workspace) => (
        <ResourceCopyView
          key={`${workspace.id}/${resourceId}`}
          workspaceId={workspace.id}
          resourceId={resourceId}
          resourceHref={paths.workspace.resource.getHref(
            workspace.owner_username ?? '',
            workspace.slug,
            resourceId,
          )}
        />
      )}
    </WorkspaceGate>
  );
}
