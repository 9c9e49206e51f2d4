import type { QuarantineContext } from '@stackyard/contracts/ingestion';
import { memberMay } from '../access/access.ts';
import { failImportsOf } from '../bookmarks/bookmarks.repo.ts';
import type { Executor } from '../db.ts';
import { failSubmissionsOf } from '../ingestion/ingestion.repo.ts';

// A job writes a workspace's catalog for the member whose request queued it (a SystemGrant), and only while
// that member may still write there (catalog:write): each job asks before it writes (grantHolds). A member
// removed, lowered to viewer or deleted gets their queued work settled at once, in the transaction of that
// change, so nobody else sees it wait as if it would still be done; nothing it already wrote is undone.

/** Why a submission was failed: its submitter lost write access before its job was done. */
export const SUBMITTER_LOST_ACCESS: QuarantineContext = {
  code: 'submitter_lost_access',
  message: 'Its submitter can no longer add to this workspace.',
};

/** Why an import was failed: its member lost write access before its job was done. */
export const IMPORTER_LOST_ACCESS =
  'The member who started it can no longer add to this workspace. The bookmarks imported so far are kept.';

/**
 * Settles the member's running imports and unsettled submissions in the workspace, or in every workspace
 * when none is named (a deleted account). Call it after the change of their membership in the same
 * transaction: a job's write holds that membership row, so the change waited for any write in flight.
 */
export async function settleWorkOf(db: Executor, userId: string, workspaceId?: string): Promise<void> {
  await failImportsOf(db, userId, workspaceId, IMPORTER_LOST_ACCESS);
  await failSubmissionsOf(db, userId, workspaceId, SUBMITTER_LOST_ACCESS);
}

/** After a change of a member's role: their queued work is settled if they may no longer write. */
export async function settleWorkIfNoLongerWriter(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<void> {
  if (await memberMay(db, workspaceId, userId, 'catalog:write')) return;
  await settleWorkOf(db, userId, workspaceId);
}
