import { AppError } from '@stackyard/contracts/problem';
import type { AccessRole } from '@stackyard/contracts/workspace';
import type { Actor } from '../auth/authenticate.ts';
import type { Executor } from '../db.ts';
import { findMembership } from './access.repo.ts';

/**
 * Every workspace permission and who holds it: the one place the product's authorization rules live
 * (spec §6). Services ask for a permission; repositories that write take the proof they got one.
 */
const rules = {
  'workspace:read': () => true,
  'workspace:update': (access) => access.isOwner || access.role === 'admin',
  'workspace:delete': (access) => access.isOwner,
  'members:read': () => true,
  'members:manage': (access) => access.isOwner || access.role === 'admin',
  // Any member may leave; whether the owner may is a domain rule (they may not), not a permission.
  'members:leave': () => true,
  // The catalog (issue 6): viewers read; editors and admins create, edit and delete its items.
  'catalog:read': () => true,
  'catalog:write': (access) => access.isOwner || access.role !== 'viewer',
  // Spec §6: "Editors and admins can delete tools."
  'tools:delete': (access) => access.isOwner || access.role !== 'viewer',
  // Ingestion (issue 7): submitting URLs adds to the catalog, so it is for editors and admins.
  'ingestion:submit': (access) => access.isOwner || access.role !== 'viewer',
  // Retrying, releasing or rejecting a quarantined or failed submission: the same editors and admins.
  'ingestion:review': (access) => access.isOwner || access.role !== 'viewer',
  // Everyone who can read can comment; an author edits and deletes their own comment (a domain rule).
  'comments:write': () => true,
  // Deleting someone else's comment.
  'comments:moderate': (access) => access.isOwner || access.role === 'admin',
  // Repository store (issue 8): every member sees the link and its health; spec §6: the owner and admins
  // configure storage.
  'store:read': () => true,
  'store:configure': (access) => access.isOwner || access.role === 'admin',
} satisfies Record<string, (access: WorkspaceAccess) => boolean>;

export type Permission = keyof typeof rules;

export interface WorkspaceAccess {
  workspaceId: string;
  ownerId: string;
  userId: string;
  role: AccessRole;
  isOwner: boolean;
}

declare const granted: unique symbol;
/** Only authorize() makes one: a function that takes it cannot be reached without the check. */
export type Authorized<P extends Permission> = WorkspaceAccess & { readonly [granted]: P };

/**
 * Any grant in a workspace proves membership, and every member reads its catalog: catalog reads take this,
 * so a service that has just written can read back with the proof it already holds.
 */
export type CatalogReader = Authorized<Permission>;

const forbidden: Record<Permission, string> = {
  'workspace:read': 'You do not have access to this workspace.',
  'workspace:update': 'Only the owner and admins can edit this workspace.',
  'workspace:delete': 'Only the owner can delete this workspace.',
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
};

export const WORKSPACE_NOT_FOUND = 'Workspace not found';

export function can(access: WorkspaceAccess, permission: Permission): boolean {
  return rules[permission](access);
}

/**
 * The caller's access to a workspace, checked for one permission. A non-member gets the same 404 as for a
 * workspace that does not exist, so ids of other people's workspaces cannot be probed.
 */
export async function authorize<P extends Permission>(
  db: Executor,
  actor: Actor,
  workspaceId: string,
  permission: P,
): Promise<Authorized<P>> {
  const row = await findMembership(db, workspaceId, actor.userId);
  if (!row) throw new AppError('not_found', WORKSPACE_NOT_FOUND);
  const access: WorkspaceAccess = {
    workspaceId,
    ownerId: row.ownerId,
    userId: actor.userId,
    role: row.role,
    isOwner: row.ownerId === actor.userId,
  };
  if (!can(access, permission)) throw new AppError('forbidden', forbidden[permission]);
  return access as Authorized<P>;
}
