import type { Executor } from '../db.ts';
import { storeSyncQueue } from '../jobs/queues.ts';
import { touchLinkedStore } from './store.repo.ts';

// The one hook every catalog write calls, inside its own transaction: a workspace linked to a repository is
// marked changed and gets a sync job. While a job waits, more changes join it (the dedupe key), and the job
// itself waits until the workspace has been quiet for the sync delay, so a burst of edits is one commit.

export const storeSyncKey = (workspaceId: string): string => `store-sync:${workspaceId}`;

/** Marks the workspace changed (tools, projects, resources, tags, comments, its own name); cheap when unlinked. */
export async function markWorkspaceChanged(db: Executor, workspaceId: string): Promise<void> {
  if (!(await touchLinkedStore(db, workspaceId))) return;
  await enqueueStoreSync(db, workspaceId);
}

export async function enqueueStoreSync(
  db: Executor,
  workspaceId: string,
  options: { runAt?: Date; since?: string } = {},
): Promise<void> {
  const payload = { workspaceId, since: options.since ?? new Date().toISOString() };
  await storeSyncQueue.enqueue(db, payload, {
    dedupeKey: storeSyncKey(workspaceId),
    ...(options.runAt ? { runAt: options.runAt } : {}),
  });
}
