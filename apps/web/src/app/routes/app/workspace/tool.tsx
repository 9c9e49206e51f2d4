import { useNavigate, useParams } from 'react-router';
import type { Tool } from '@stackyard/contracts/tool';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { ToolFactsPanel } from '@/features/facts/components/tool-facts';
import { CompareWith } from '@/features/tools/components/compare-with';
import { ToolDetail } from '@/features/tools/components/tool-detail';
import { canIn } from '@/lib/permissions';
import { ItemExtras } from './item-extras';
import { WorkspaceGate, WorkspaceWayBack } from './workspace-gate';

export function ToolRoute() {
  const { toolSlug = '' } = useParams();
  const navigate = useNavigate();
  return (
    <WorkspaceGate movedHref={(owner, slug) => paths.workspace.tool.getHref(owner, slug, toolSlug)}>
      {(workspace) => (
        <ToolDetail
          key={`${workspace.id}/${toolSlug}`}
          workspaceId={workspace.id}
          slug={toolSlug}
          canEdit={canIn(workspace, 'catalog:write')}
          canDelete={canIn(workspace, 'tools:delete')}
          onDeleted={() =>
            void navigate(paths.workspace.tools.getHref(workspace.owner_username ?? '', workspace.slug))
          }
          wayBack={
            <WorkspaceWayBack workspace={workspace} search={{ kind: 'tool', q: slugWords(toolSlug) }} />
          }
        >
          {(tool) => (
            <>
              <ToolFactsPanel
                toolId={tool.workspace_tool_id}
                canRefresh={canIn(workspace, 'catalog:write')}
              />
              <ToolCompareWith workspace={workspace} tool={tool} />
              <ItemExtras workspace={workspace} item={{ kind: 'tool', id: tool.workspace_tool_id }} />
            </>
          )}
        </ToolDetail>
      )}
    </WorkspaceGate>
  );
}

function ToolCompareWith({ workspace, tool }: { workspace: WorkspaceListItem; tool: Tool }) {
  return (
    <CompareWith
      workspaceId={workspace.id}
      tool={tool}
      compareHref={(slugs) =>
        paths.workspace.compare.getHref(workspace.owner_username ?? '', workspace.slug, slugs)
      }
    />
  );
}

/** A slug's words ("react-query" → "react query"): what to search for when the address names no tool. */
function slugWords(slug: string): string {
  return slug.split('-').filter(Boolean).join(' ');
}
