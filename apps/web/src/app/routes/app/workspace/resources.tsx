import { useSearchParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { useTags } from '@/features/catalog/api/get-tags';
import { ResourcesList } from '@/features/resources/components/resources-list';
import { canIn } from '@/lib/permissions';
import { WorkspaceGate } from './workspace-gate';

export function ResourcesRoute() {
  const q = useSearchParams()[0].get('q') ?? '';
  return (
    <WorkspaceGate
      movedHref={(owner, slug) => paths.workspace.resources.getHref(owner, slug, q)}
      notFound="Workspace not found"
    >
      {(workspace) => <WorkspaceResources key={q} workspace={workspace} q={q} />}
    </WorkspaceGate>
  );
}

function WorkspaceResources({ workspace, q }: { workspace: WorkspaceListItem; q: string }) {
  const tags = useTags(workspace.id);
  const owner = workspace.owner_username ?? '';
  return (
    <ResourcesList
      workspaceId={workspace.id}
      tags={tags.data ?? []}
      resourceHref={(id) => paths.workspace.resource.getHref(owner, workspace.slug, id)}
      addResourceHref={paths.workspace.toolIngestions.getHref(owner, workspace.slug, 'resource')}
      canAdd={canIn(workspace, 'ingestion:submit')}
      initialSearch={q}
    />
  );
}
