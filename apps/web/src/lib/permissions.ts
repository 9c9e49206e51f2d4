import { can, type Permission } from '@stackyard/contracts/permissions';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';

/**
 * The caller's permissions in a workspace, by the same rules the API enforces. Every shown or hidden action of
 * the web app asks this, so a button is offered exactly when the API would accept its call.
 */
export const canIn = (workspace: WorkspaceListItem, permission: Permission) =>
  can({ role: workspace.access_level, isOwner: workspace.is_owner }, permission);
