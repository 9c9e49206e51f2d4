import { AsyncLocalStorage } from 'node:async_hooks';

// Work no request waits for (the job workers) is marked, and everything it starts (timers, promises, queries)
// carries the mark. PGlite has one connection, so its queries queue: there, a request's queries go before
// queued background ones, and a catalog read waits for at most the query in flight, not for a queue of
// enrichment jobs. PostgreSQL serves many connections at once and ignores the mark.
const background = new AsyncLocalStorage<true>();

/** Runs fn, and all it starts, as background work. */
export function asBackground<T>(fn: () => T): T {
  return background.run(true, fn);
}

export function isBackground(): boolean {
  return background.getStore() === true;
}
