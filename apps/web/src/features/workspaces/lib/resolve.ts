import type { WorkspaceListItem } from '@stackyard/contracts/workspace';

/** The current workspace if it is still in the list, else none. */
export function findWorkspace(
  workspaces: readonly WorkspaceListItem[] | undefined,
  id: string | null,
): WorkspaceListItem | undefined {
  return id ? workspaces?.find((workspace) => workspace.id === id) : undefined;
}

export type RouteMatch =
  | { kind: 'found'; workspace: WorkspaceListItem }
  | { kind: 'moved'; workspace: WorkspaceListItem }
  | { kind: 'none' };

/**
 * A workspace page resolves username + slug in the user's list; an old slug, or an old username of
 * the owner (while it is still theirs), redirects to the current address.
 */
export function matchWorkspaceRoute(
  workspaces: readonly WorkspaceListItem[],
  username: string,
  slug: string,
): RouteMatch {
  const owned = workspaces.filter((workspace) => workspace.owner_username === username);
  const found = owned.find((workspace) => workspace.slug === slug);
  if (found) return { kind: 'found', workspace: found };
  const bySlug = (workspace: WorkspaceListItem) =>
    workspace.slug === slug || workspace.previous_slugs.includes(slug);
  const moved =
    owned.find((workspace) => workspace.previous_slugs.includes(slug)) ??
    workspaces.find(
      (workspace) => workspace.owner_previous_usernames.includes(username) && bySlug(workspace),
    );
  return moved ? { kind: 'moved', workspace: moved } : { kind: 'none' };
}
