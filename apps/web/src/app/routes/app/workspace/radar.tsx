import { paths } from '@/config/paths';
import { RadarPage } from '@/features/radar/components/radar-page';
import { WorkspaceGate } from './workspace-gate';

export function RadarRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.radar.getHref}>
      {(workspace) => <RadarPage workspace={workspace} />}
    </WorkspaceGate>
  );
}
