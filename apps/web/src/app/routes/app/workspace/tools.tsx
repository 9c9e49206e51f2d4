import { useSearchParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { useTags } from '@/features/catalog/api/get-tags';
import { ToolsList } from '@/features/tools/components/tools-list';
import { canIn } from '@/lib/permissions';
import { WorkspaceGate } from './workspace-gate';

export function ToolsRoute() {
  const q = useSearchParams()[0].get('q') ?? '';
  return (
    <WorkspaceGate movedHref={(owner, slug) => paths.workspace.tools.getHref(owner, slug, q)}>
      {(workspace) => <WorkspaceTools key={q} workspace={workspace} q={q} />}
    </WorkspaceGate>
  );
}

function WorkspaceTools({ workspace, q }: { workspace: WorkspaceListItem; q: string }) {
  const tags = useTags(workspace.id);
  const owner = workspace.owner_username ?? '';
  return (
    <ToolsList
      workspaceId={workspace.id}
      tags={tags.data ?? []}
      canAdd={canIn(workspace, 'ingestion:submit')}
      canSetStance={canIn(workspace, 'catalog:write')}
      aiExportHref={paths.workspace.aiExport.getHref(owner, workspace.slug)}
      toolHref={(slug) => paths.workspace.tool.getHref(owner, workspace.slug, slug)}
      compareHref={(slugs) => paths.workspace.compare.getHref(owner, workspace.slug, slugs)}
      addToolHref={paths.workspace.toolIngestions.getHref(owner, workspace.slug)}
      initialSearch={q}
    />
  );
}
