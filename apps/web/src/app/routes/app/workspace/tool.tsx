import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ToolDetail } from '@/features/tools/components/tool-detail';
import { canIn } from '@/lib/permissions';
import { ItemExtras } from './item-extras';
import { WorkspaceGate } from './workspace-gate';

export function ToolRoute() {
  const { toolSlug = '' } = useParams();
  const navigate = useNavigate();
  return (
    <WorkspaceGate movedHref={(owner, slug) => paths.workspace.tool.getHref(owner, slug, toolSlug)}>
      {(workspace) => (
        <ToolDetail
          key={`${workspace.id}/${toolSlug}`}
          workspaceId={workspace.id}
          slug={toolSlug}
          canEdit={canIn(workspace, 'catalog:write')}
          canDelete={canIn(workspace, 'tools:delete')}
          onDeleted={() =>
            void navigate(paths.workspace.tools.getHref(workspace.owner_username ?? '', workspace.slug))
          }
        >
          {(tool) => <ItemExtras workspace={workspace} item={{ kind: 'tool', id: tool.workspace_tool_id }} />}
        </ToolDetail>
      )}
    </WorkspaceGate>
  );
}
