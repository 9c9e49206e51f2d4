import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { can } from '@stackyard/contracts/permissions';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { DriftPage } from '@/features/drift/components/drift-page';
import { useSubmitUrls } from '@/features/ingestions/api/submit-urls';
import { useProjects } from '@/features/projects/api/get-projects';
import { WorkspaceGate } from './workspace-gate';

export function DriftRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.drift.getHref}>
      {(workspace) => <WorkspaceDrift workspace={workspace} />}
    </WorkspaceGate>
  );
}

/** The drift page with the workspace's projects (every page of them) and the tool submission of the workspace. */
function WorkspaceDrift({ workspace }: { workspace: WorkspaceListItem }) {
  const projects = useProjects(workspace.id, { sort: 'name' });
  // A project page's Drift link names the project to show first.
  const [searchParams] = useSearchParams();
  const submit = useSubmitUrls(workspace.id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = projects;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const addTools = async (urls: string[], projectId: string | null) => {
    const hints = projectId
      ? {
          ingestion_hints: {
            suggested_workspace_relationships: { linked_tags: [], linked_workspace_projects: [projectId] },
          },
        }
      : null;
    const { submitted, failed } = await submit.mutateAsync({ kind: 'tool', urls, hints });
    const done = `Submitted ${submitted.length} of ${urls.length} as tools; each appears under Tools once it is fetched.`;
    return failed.length > 0
      ? `${done} Not submitted: ${failed.map((item) => `${item.url} (${item.message})`).join('; ')}`
      : done;
  };

  return (
    <DriftPage
      initialProjectId={searchParams.get('project')}
      workspaceId={workspace.id}
      projects={(projects.data?.pages ?? []).flatMap((page) =>
        page.items.map((project) => ({
          id: project.id,
          name: project.metadata.name,
          repository: project.repository?.full_name ?? null,
        })),
      )}
      canWrite={can({ role: workspace.access_level, isOwner: workspace.is_owner }, 'catalog:write')}
      addTools={addTools}
    />
  );
}
