import { AsyncResource } from 'node:async_hooks';

// How a job worker learns of a new job without waiting for its next poll. An enqueue tells the workers of its
// own process at once (jobEnqueued), and, on PostgreSQL, sends a notification on JOBS_CHANNEL that the server
// delivers when the enqueueing transaction commits, to every process listening (the worker processes relay
// it here). On PGlite, the one connection runs a worker's claim only after the enqueueing transaction has
// ended, so the immediate wake never looks too early; on PostgreSQL a wake before the commit finds nothing,
// and the notification at the commit wakes the worker again.

/** The PostgreSQL notification channel of enqueued jobs; the payload is the queue's name. */
export const JOBS_CHANNEL = 'stackyard_jobs';

const wakers = new Map<string, Set<() => void>>();

/**
 * Calls wake whenever a job is enqueued on this queue (in this process, or relayed from a notification), in the
 * async context of this call: a worker started as background work claims as background work. Answers the
 * function that stops it.
 */
export function onJobEnqueued(queue: string, wake: () => void): () => void {
  const bound = AsyncResource.bind(wake);
  let set = wakers.get(queue);
  if (!set) wakers.set(queue, (set = new Set()));
  set.add(bound);
  return () => {
    set.delete(bound);
    if (set.size === 0 && wakers.get(queue) === set) wakers.delete(queue);
  };
}

/** Tells this process's workers of the queue that a job was enqueued. */
export function jobEnqueued(queue: string): void {
  for (const wake of wakers.get(queue) ?? []) wake();
}
