import { useSearchParams } from 'react-router';
import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { TagChooser } from '@/features/catalog/components/tag-combobox';
import { IngestionsPage } from '@/features/ingestions/components/ingestions-page';
import { useProjects } from '@/features/projects/api/get-projects';
import { canIn } from '@/lib/permissions';
import { WorkspaceGate } from './workspace-gate';

export function ToolIngestionsRoute() {
  const [searchParams] = useSearchParams();
  // Anything but ?kind=resource shows tools: the page's name is "tool ingestions".
  const kind: SubmissionKind = searchParams.get('kind') === 'resource' ? 'resource' : 'tool';
  return (
    <WorkspaceGate
      movedHref={(owner, slug) =>
        paths.workspace.toolIngestions.getHref(owner, slug, kind === 'resource' ? kind : undefined)
      }
    >
      {(workspace) => <WorkspaceIngestions workspace={workspace} kind={kind} />}
    </WorkspaceGate>
  );
}

export function WorkspaceIngestions({
  workspace,
  kind,
}: {
  workspace: WorkspaceListItem;
  kind: SubmissionKind;
}) {
  const owner = workspace.owner_username ?? '';
  // The hints search the workspace's tags on the server and offer (the first page of) its projects by name.
  const projects = useProjects(workspace.id, { sort: 'name' });
  return (
    <IngestionsPage
      workspaceId={workspace.id}
      kind={kind}
      kindHref={(next) => paths.workspace.toolIngestions.getHref(owner, workspace.slug, next)}
      canSubmit={canIn(workspace, 'ingestion:submit')}
      canReview={canIn(workspace, 'ingestion:review')}
      tagPicker={(selection) => <TagChooser workspaceId={workspace.id} {...selection} />}
      projects={(projects.data?.pages[0]?.items ?? []).map((project) => ({
        id: project.id,
        name: project.metadata.name,
      }))}
      toolHref={(slug) => paths.workspace.tool.getHref(owner, workspace.slug, slug)}
      resourceHref={(id) => paths.workspace.resource.getHref(owner, workspace.slug, id)}
    />
  );
}
