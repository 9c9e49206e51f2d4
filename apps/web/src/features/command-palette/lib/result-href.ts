import type { SearchResult } from '@stackyard/contracts/search';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';

/** Where a hit leads: the item itself, or for a comment the item it is on. */
export function resultHref(workspace: WorkspaceListItem, result: SearchResult): string | null {
  const owner = workspace.owner_username;
  if (!owner) return null;
  const target =
    result.kind === 'comment' ? result.target : { kind: result.kind, id: result.id, slug: result.slug };
  if (!target) return null;
  switch (target.kind) {
    case 'tool':
      return target.slug ? paths.workspace.tool.getHref(owner, workspace.slug, target.slug) : null;
    case 'project':
      return target.slug ? paths.workspace.project.getHref(owner, workspace.slug, target.slug) : null;
    case 'resource':
      return paths.workspace.resource.getHref(owner, workspace.slug, target.id);
  }
}
