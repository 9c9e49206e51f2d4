import { paths } from '@/config/paths';
import { NeedsAttentionPage } from '@/features/health/components/needs-attention-page';
import { canIn } from '@/lib/permissions';
import { attentionLinks } from './attention-links';
import { WorkspaceGate } from './workspace-gate';

export function NeedsAttentionRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.needsAttention.getHref}>
      {(workspace) => (
        <NeedsAttentionPage
          key={workspace.id}
          workspaceId={workspace.id}
          canEdit={canIn(workspace, 'catalog:write')}
          links={attentionLinks(workspace)}
        />
      )}
    </WorkspaceGate>
  );
}
