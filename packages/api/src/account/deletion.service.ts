import type { AccountDeletionPreview, DeleteAccount, SharedWorkspace } from '@stackyard/contracts/account';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import { membershipsChanged } from '../access/membership-cache.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, type Executor } from '../db.ts';
import { settleWorkOf } from '../jobs/lost-access.ts';
import { findProfile, lockProfile } from '../profiles/profiles.repo.ts';
import { deleteWorkspace } from '../workspaces/workspaces.repo.ts';
import {
  deleteAccessTokensOf,
  deleteCommentsBy,
  deleteMembershipsOf,
  deleteProfile,
  ownedWorkspaces,
} from './deletion.repo.ts';
import type { IdentityAccounts } from './identity-accounts.ts';
import { requireSession } from './session-only.ts';

export const DELETION_UNAVAILABLE =
  'Deleting accounts is not available on this server: it is not connected to the identity service.';

export function confirmationMismatch(expected: string): string {
  return `The confirmation does not match. Type "${expected}" exactly to delete your account.`;
}

export function sharedWorkspacesRefusal(shared: SharedWorkspace[]): string {
  const names = shared
    .map(
      (row) => `"${row.name}" (${row.other_members} other ${row.other_members === 1 ? 'member' : 'members'})`,
    )
    .join(', ');
  return (
    `You own workspaces that other people are members of: ${names}. Transfer their ownership to another ` +
    'member on each workspace’s members page, or remove the other members, then delete your account.'
  );
}

/** What the user types to confirm: their current username, else their e-mail address, else their id. */
async function confirmationOf(db: Executor, actor: Actor, identity: IdentityAccounts): Promise<string> {
  const profile = await findProfile(db, actor.userId);
  if (profile?.current_username) return profile.current_username;
  return (await identity.email(db, actor.userId)) ?? actor.userId;
}

function connected(identity: IdentityAccounts | null): IdentityAccounts {
  if (!identity) throw new AppError('unavailable', DELETION_UNAVAILABLE);
  return identity;
}

/** What deleting the account would do now, and which workspaces stop it. */
export async function previewDeletion(
  db: Database,
  actor: Actor,
  identity: IdentityAccounts | null,
): Promise<AccountDeletionPreview> {
  requireSession(actor);
  const accounts = connected(identity);
  const [confirmation, owned] = await Promise.all([
    confirmationOf(db, actor, accounts),
    ownedWorkspaces(db, actor.userId, false),
  ]);
  return {
    confirmation,
    shared_workspaces: owned.filter((row) => row.other_members > 0),
    workspaces_to_delete: owned
      .filter((row) => row.other_members === 0)
      .map(({ other_members: _count, ...row }) => row),
  };
}

/**
 * Deletes the caller's account in one transaction: the workspaces they own alone (with their catalog), their
 * comments and memberships elsewhere (settling the submissions and imports they queued there), their access
 * tokens, profile and usernames, and last their identity and its sessions. Refused (409) while they own a
 * workspace that has other members.
 */
export async function deleteAccount(
  db: Database,
  actor: Actor,
  identity: IdentityAccounts | null,
  input: DeleteAccount,
): Promise<void> {
  requireSession(actor);
  const accounts = connected(identity);
  await inTransaction(db, async (tx) => {
    // Waits for the user's own username or workspace changes in flight, and holds off new ones.
    await lockProfile(tx, actor.userId);
    const expected = await confirmationOf(tx, actor, accounts);
    if (input.confirmation.toLowerCase() !== expected.toLowerCase())
      throw new AppError('bad_request', confirmationMismatch(expected));
    const owned = await ownedWorkspaces(tx, actor.userId, true);
    const shared = owned.filter((row) => row.other_members > 0);
    if (shared.length > 0) throw new AppError('conflict', sharedWorkspacesRefusal(shared));
    for (const workspace of owned) {
      await deleteWorkspace(tx, await authorize(tx, actor, workspace.id, 'workspace:delete'));
    }
    await deleteCommentsBy(tx, actor.userId);
    await deleteMembershipsOf(tx, actor.userId);
    // What they queued in other people's workspaces stops with them (it is settled, not deleted).
    await settleWorkOf(tx, actor.userId);
    await deleteAccessTokensOf(tx, actor.userId);
    await deleteProfile(tx, actor.userId);
    await accounts.remove(tx, actor.userId);
  });
  // Every membership of the account is gone: none this process remembers may outlive it.
  membershipsChanged(db);
}
