import { useNavigate, useSearchParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { SuggestionsPage } from '@/features/suggestions/components/suggestions-page';
import { canIn } from '@/lib/permissions';
import { WorkspaceGate } from './workspace-gate';

export function SuggestionsRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.suggestions.getHref}>
      {(workspace) => <WorkspaceSuggestions workspace={workspace} />}
    </WorkspaceGate>
  );
}

function WorkspaceSuggestions({ workspace }: { workspace: WorkspaceListItem }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const owner = workspace.owner_username ?? '';
  return (
    <SuggestionsPage
      workspaceId={workspace.id}
      focus={searchParams.get('focus') ?? ''}
      onFocusChange={(focus) =>
        void navigate(paths.workspace.suggestions.getHref(owner, workspace.slug, focus))
      }
      canDecide={canIn(workspace, 'suggestions:decide')}
      canAddTools={canIn(workspace, 'ingestion:submit')}
      addToolsHref={paths.workspace.toolIngestions.getHref(owner, workspace.slug)}
      toolHref={(slug) => paths.workspace.tool.getHref(owner, workspace.slug, slug)}
      onStarted={(project) =>
        void navigate(paths.workspace.project.getHref(owner, workspace.slug, project.slug))
      }
    />
  );
}
