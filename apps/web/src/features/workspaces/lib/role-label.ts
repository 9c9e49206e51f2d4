import type { WorkspaceListItem } from '@stackyard/contracts/workspace';

const roleLabels = { admin: 'Admin', editor: 'Editor', viewer: 'Viewer' } as const;

/** The caller's place in a workspace as the settings table and the dashboard name it: the owner first. */
export const roleLabel = (workspace: WorkspaceListItem) =>
  workspace.is_owner ? 'Owner' : roleLabels[workspace.access_level];
