import { can, forbiddenMessage, type Permission } from '@stackyard/contracts/permissions';
import { AppError } from '@stackyard/contracts/problem';
import type { AccessRole } from '@stackyard/contracts/workspace';
import type { Actor } from '../auth/authenticate.ts';
import type { Executor } from '../db.ts';
import { lockMembership } from './access.repo.ts';
import { membershipOf } from './membership-cache.ts';

export type { Permission };

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

declare const systemGranted: unique symbol;
/**
 * A job's grant to write one workspace's catalog for the member who asked for the work (a submission's
 * submitter, an import's importer), whose request was authorized when it queued the job. Only
 * jobs/system-grant.ts makes one, and only job code imports that module: a route or a service that answers
 * a user request cannot hold one, so it cannot skip authorize().
 */
export type SystemGrant = {
  readonly workspaceId: string;
  /** The member the job acts for. */
  readonly userId: string;
  readonly system: true;
  readonly [systemGranted]: true;
};

export function isSystemGrant(grant: CatalogReader): grant is SystemGrant {
  return 'system' in grant && grant.system === true;
}

/** Who may write a catalog table: a member checked for P, or a job acting for one. */
export type CatalogWriter<P extends Permission> = Authorized<P> | SystemGrant;

/**
 * Any grant in a workspace proves membership, and every member reads its catalog: catalog reads take this,
 * so a service that has just written can read back with the proof it already holds (a job: its grant).
 */
export type CatalogReader = Authorized<Permission> | SystemGrant;

export const WORKSPACE_NOT_FOUND = 'Workspace not found';

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
  // A token restricted to other workspaces sees this one as a stranger would.
  const outsideToken = actor.token?.workspaceIds && !actor.token.workspaceIds.includes(workspaceId);
  const row = outsideToken ? null : await membershipOf(db, workspaceId, actor.userId);
  if (!row) throw new AppError('not_found', WORKSPACE_NOT_FOUND);
  const access = accessOf(workspaceId, actor.userId, row);
  if (!can(access, permission)) throw new AppError('forbidden', forbiddenMessage[permission]);
  return access as Authorized<P>;
}

function accessOf(
  workspaceId: string,
  userId: string,
  row: { ownerId: string; role: AccessRole },
): WorkspaceAccess {
  return { workspaceId, ownerId: row.ownerId, userId, role: row.role, isOwner: row.ownerId === userId };
}

/**
 * Whether a member holds `permission` now, by authorize()'s rules. In the transaction that changed their
 * membership it sees that change (a transaction never reads the membership cache).
 */
export async function memberMay(
  db: Executor,
  workspaceId: string,
  userId: string,
  permission: Permission,
): Promise<boolean> {
  const row = await membershipOf(db, workspaceId, userId);
  return row !== null && can(accessOf(workspaceId, userId, row), permission);
}

/**
 * Whether the member a job acts for still holds `permission`, by authorize()'s rules: since their request
 * queued the job they may have been removed, lowered to viewer or deleted. Asked first in the transaction
 * that writes, it keeps their membership locked until that ends, so a change of it either waits for the
 * write or has committed before it and is seen.
 */
export async function grantHolds(db: Executor, grant: SystemGrant, permission: Permission): Promise<boolean> {
  const row = await lockMembership(db, grant.workspaceId, grant.userId);
  return row !== null && can(accessOf(grant.workspaceId, grant.userId, row), permission);
}
