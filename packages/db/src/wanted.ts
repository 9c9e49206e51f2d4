import { AsyncLocalStorage } from 'node:async_hooks';

// A read whose client may go away before it runs: the command palette aborts a search that newer text has
// superseded. PGlite has one connection, so its queries queue; there, a query marked here whose signal has
// aborted by its turn is not run (it fails with AbandonedQueryError), and the searches still wanted go sooner.
// Only for reads: a request that writes in several statements must not stop halfway. A transaction starts
// whole or not at all. On PostgreSQL, which serves many connections at once, such a query waits only when
// every connection of the pool is busy; it is not sent if its client left meanwhile (client.ts).
const wanted = new AsyncLocalStorage<AbortSignal>();

/** Runs fn, and every query it starts, as wanted only until signal aborts. */
export function whileWanted<T>(signal: AbortSignal, fn: () => T): T {
  return wanted.run(signal, fn);
}

/** The signal of the read in progress, if it is one whose client may go away. */
export function wantedSignal(): AbortSignal | undefined {
  return wanted.getStore();
}

export class AbandonedQueryError extends Error {
  constructor() {
    super('the query was not run: its client had gone away');
    this.name = 'AbandonedQueryError';
  }
}

/** Whether error, or an error it was caused by (Drizzle wraps the driver's), is an AbandonedQueryError. */
export function isAbandoned(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AbandonedQueryError) return true;
  }
  return false;
}
