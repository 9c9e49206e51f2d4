import type { AccessRole } from './workspace.ts';

/** What a permission check needs to know of the caller in one workspace. */
export interface AccessHolder {
  role: AccessRole;
  isOwner: boolean;
}

const editorOrAbove = (access: AccessHolder) => access.isOwner || access.role !== 'viewer';
const adminOrOwner = (access: AccessHolder) => access.isOwner || access.role === 'admin';
const anyMember = () => true;

/**
 * Every workspace permission and who holds it: the one place the product's authorization rules live.
 * The API's authorize() enforces them; the web app asks the same function to show or hide actions.
 */
const rules = {
  'workspace:read': anyMember,
  'workspace:update': adminOrOwner,
  'workspace:delete': (access) => access.isOwner,
  // Handing the workspace to another member.
  'workspace:transfer': (access) => access.isOwner,
  'members:read': anyMember,
  'members:manage': adminOrOwner,
  // Any member may leave; whether the owner may is a domain rule (they may not), not a permission.
  'members:leave': anyMember,
  // The catalog: viewers read; editors and admins create, edit and delete its items.
  'catalog:read': anyMember,
  'catalog:write': editorOrAbove,
  // Editors and admins can delete tools.
  'tools:delete': editorOrAbove,
  // Submitting URLs adds to the catalog, so it is for editors and admins.
  'ingestion:submit': editorOrAbove,
  // Retrying, releasing or rejecting a quarantined or failed submission: the same editors and admins.
  'ingestion:review': editorOrAbove,
  // Everyone who can read can comment; an author edits and deletes their own comment (a domain rule).
  'comments:write': anyMember,
  // Deleting someone else's comment.
  'comments:moderate': adminOrOwner,
  // Every member sees the repository link and its health; the owner and admins configure storage.
  'store:read': anyMember,
  'store:configure': adminOrOwner,
  // Project suggestions: every member sees them; editors and admins start (accept) or dismiss one.
  'suggestions:read': anyMember,
  'suggestions:decide': editorOrAbove,
} satisfies Record<string, (access: AccessHolder) => boolean>;

export type Permission = keyof typeof rules;

export const PERMISSIONS = Object.keys(rules) as Permission[];

/** Why a permission was refused, in words a user can act on. */
export const forbiddenMessage: Record<Permission, string> = {
  'workspace:read': 'You do not have access to this workspace.',
  'workspace:update': 'Only the owner and admins can edit this workspace.',
  'workspace:delete': 'Only the owner can delete this workspace.',
  'workspace:transfer': 'Only the owner can transfer ownership of this workspace.',
  'members:read': 'You do not have access to this workspace.',
  'members:manage': 'Only the owner and admins can manage members.',
  'members:leave': 'You are not a member of this workspace.',
  'catalog:read': 'You do not have access to this workspace.',
  'catalog:write': 'Only editors and admins can change the catalog of this workspace.',
  'tools:delete': 'Only editors and admins can delete tools.',
  'ingestion:submit': 'Only editors and admins can submit tools and resources.',
  'ingestion:review': 'Only editors and admins can review submissions.',
  'comments:write': 'You do not have access to this workspace.',
  'comments:moderate': "Only the comment's author, admins and the owner can delete a comment.",
  'store:read': 'You do not have access to this workspace.',
  'store:configure': 'Only the owner and admins can configure storage for this workspace.',
  'suggestions:read': 'You do not have access to this workspace.',
  'suggestions:decide': 'Only editors and admins can start or dismiss a suggested project.',
};

export function can(access: AccessHolder, permission: Permission): boolean {
  return rules[permission](access);
}
