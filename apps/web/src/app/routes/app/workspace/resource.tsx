import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ResourceDetail } from '@/features/resources/components/resource-detail';
import { canIn } from '@/lib/permissions';
import { ItemExtras } from './item-extras';
import { WorkspaceGate, WorkspaceWayBack } from './workspace-gate';

export function ResourceRoute() {
  const { resourceId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <WorkspaceGate
      movedHref={(owner, slug) => paths.workspace.resource.getHref(owner, slug, resourceId)}
      notFound="Workspace not found"
    >
      {(workspace) => (
        <ResourceDetail
          key={`${workspace.id}/${resourceId}`}
          workspaceId={workspace.id}
          resourceId={resourceId}
          canEdit={canIn(workspace, 'catalog:write')}
          onDeleted={() =>
            void navigate(paths.workspace.resources.getHref(workspace.owner_username ?? '', workspace.slug))
          }
          wayBack={<WorkspaceWayBack workspace={workspace} search={{ kind: 'resource' }} />}
          copyHref={paths.workspace.resourceCopy.getHref(
            workspace.owner_username ?? '',
            workspace.slug,
            resourceId,
          )}
        >
          {(resource) => (
            <ItemExtras
              workspace={workspace}
              item={{ kind: 'resource', id: resource.workspace_resource_id }}
            />
          )}
        </ResourceDetail>
      )}
    </WorkspaceGate>
  );
}
