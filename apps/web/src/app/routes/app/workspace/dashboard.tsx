import { paths } from '@/config/paths';
import { WorkspaceDashboard } from '@/features/workspaces/components/workspace-dashboard';
import { WorkspaceGate } from './workspace-gate';

export function WorkspaceDashboardRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.dashboard.getHref}>
      {(workspace) => <WorkspaceDashboard key={workspace.id} workspace={workspace} />}
    </WorkspaceGate>
  );
}
