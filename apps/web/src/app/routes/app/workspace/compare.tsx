import { useNavigate, useSearchParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { ComparePage } from '@/features/compare/components/compare-page';
import { parseComparedTools } from '@/features/compare/lib/compare-tools';
import { ToolPicker } from '@/features/tools/components/tool-picker';
import { WorkspaceGate } from './workspace-gate';

export function CompareRoute() {
  const [params] = useSearchParams();
  const slugs = parseComparedTools(params.get('tools'));
  return (
    <WorkspaceGate movedHref={(owner, slug) => paths.workspace.compare.getHref(owner, slug, slugs)}>
      {(workspace) => <WorkspaceCompare workspace={workspace} slugs={slugs} />}
    </WorkspaceGate>
  );
}

function WorkspaceCompare({ workspace, slugs }: { workspace: WorkspaceListItem; slugs: string[] }) {
  const navigate = useNavigate();
  const owner = workspace.owner_username ?? '';
  return (
    <ComparePage
      workspaceId={workspace.id}
      slugs={slugs}
      onChange={(next) => void navigate(paths.workspace.compare.getHref(owner, workspace.slug, next))}
      toolHref={(slug) => paths.workspace.tool.getHref(owner, workspace.slug, slug)}
      picker={(slot) => <ToolPicker workspaceId={workspace.id} {...slot} />}
    />
  );
}
