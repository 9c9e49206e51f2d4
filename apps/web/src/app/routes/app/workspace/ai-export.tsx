import { useEffect } from 'react';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { useProjects } from '@/features/projects/api/get-projects';
import { AiExport } from '@/features/stack/components/ai-export';
import { WorkspaceGate } from './workspace-gate';

export function AiExportRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.aiExport.getHref}>
      {(workspace) => <AiExportPage workspace={workspace} />}
    </WorkspaceGate>
  );
}

/** The export page with the workspace's projects (every page of them) to choose from. */
function AiExportPage({ workspace }: { workspace: WorkspaceListItem }) {
  const projects = useProjects(workspace.id, { sort: 'name' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = projects;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <AiExport
      workspaceId={workspace.id}
      workspaceSlug={workspace.slug}
      projects={(projects.data?.pages ?? []).flatMap((page) =>
        page.items.map((project) => ({ id: project.id, name: project.metadata.name, slug: project.slug })),
      )}
    />
  );
}
