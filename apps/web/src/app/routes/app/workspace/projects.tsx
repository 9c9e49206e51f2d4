import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ProjectsList } from '@/features/projects/components/projects-list';
import { canIn } from '@/lib/permissions';
import { WorkspaceGate } from './workspace-gate';

export function ProjectsRoute() {
  const navigate = useNavigate();
  return (
    <WorkspaceGate movedHref={paths.workspace.projects.getHref}>
      {(workspace) => {
        const owner = workspace.owner_username ?? '';
        return (
          <ProjectsList
            workspaceId={workspace.id}
            canEdit={canIn(workspace, 'catalog:write')}
            projectHref={(slug) => paths.workspace.project.getHref(owner, workspace.slug, slug)}
            onCreated={(project) =>
              void navigate(paths.workspace.project.getHref(owner, workspace.slug, project.slug))
            }
          />
        );
      }}
    </WorkspaceGate>
  );
}
