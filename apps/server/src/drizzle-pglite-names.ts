// What drizzle-orm's PGlite driver imports from @electric-sql/pglite, for the server's main thread, where
// module-loading.ts resolves that import here. The driver wraps the client it is given (the PGlite thread's)
// and only makes a PGlite of its own when given none, and the session names four types' OIDs for its
// text-keeping parsers; PGlite itself (about 1 MB of JavaScript, 7 MiB of RSS, and tens of milliseconds
// before the database could start opening) runs on its thread only.

/** PostgreSQL's OIDs of the types the driver keeps as text (pg_type, fixed since PostgreSQL 7). */
export const types = { DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184, INTERVAL: 1186 } as const;

/** Called (with `new`) only when drizzle is handed no client. */
export function PGlite(): never {
  throw new Error('PGlite runs on its own thread: hand drizzle the thread client');
}
