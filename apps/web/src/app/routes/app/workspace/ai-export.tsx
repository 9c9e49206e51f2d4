import { paths } from '@/config/paths';
import { AiExport } from '@/features/stack/components/ai-export';
import { WorkspaceGate } from './workspace-gate';

export function AiExportRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.aiExport.getHref}>
      {(workspace) => <AiExport workspaceId={workspace.id} workspaceSlug={workspace.slug} />}
    </WorkspaceGate>
  );
}
