import { useNavigate, useParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { ProjectDetail } from '@/features/projects/components/project-detail';
import { useTools } from '@/features/tools/api/get-tools';
import { canIn } from '@/lib/permissions';
import { ItemExtras } from './item-extras';
import { WorkspaceGate } from './workspace-gate';

export function ProjectRoute() {
  const { projectSlug = '' } = useParams();
  return (
    <WorkspaceGate movedHref={(owner, slug) => paths.workspace.project.getHref(owner, slug, projectSlug)}>
      {(workspace) => (
        <WorkspaceProject
          key={`${workspace.id}/${projectSlug}`}
          workspace={workspace}
          projectSlug={projectSlug}
        />
      )}
    </WorkspaceGate>
  );
}

function WorkspaceProject({ workspace, projectSlug }: { workspace: WorkspaceListItem; projectSlug: string }) {
  const navigate = useNavigate();
  const canEdit = canIn(workspace, 'catalog:write');
  const owner = workspace.owner_username ?? '';
  // The tools an editor can link: the first page of the workspace's tools by name.
  const tools = useTools(workspace.id, { sort: 'name', tag: null, stance: null });
  return (
    <ProjectDetail
      workspaceId={workspace.id}
      slug={projectSlug}
      canEdit={canEdit}
      availableTools={canEdit ? (tools.data?.pages.flatMap((page) => page.items) ?? []) : []}
      onDeleted={() => void navigate(paths.workspace.projects.getHref(owner, workspace.slug))}
      onRenamed={(project) => {
        if (project.slug !== projectSlug) {
          void navigate(paths.workspace.project.getHref(owner, workspace.slug, project.slug), {
            replace: true,
          });
        }
      }}
      toolHref={(toolSlug) => paths.workspace.tool.getHref(owner, workspace.slug, toolSlug)}
      driftHref={(projectId) =>
        `${paths.workspace.drift.getHref(owner, workspace.slug)}?project=${encodeURIComponent(projectId)}`
      }
    >
      {(project) => <ItemExtras workspace={workspace} item={{ kind: 'project', id: project.id }} />}
    </ProjectDetail>
  );
}
