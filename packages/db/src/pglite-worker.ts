// The worker thread that owns the embedded database (see pglite-thread.ts): it opens PGlite, answers one
// request at a time from the main thread, and closes it. PGlite executes SQL synchronously in WebAssembly,
// so here that work blocks only this thread, never the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import {
  ABANDON_SLOTS,
  POSTGRESQL_CONF,
  type PgliteOpenOptions,
  type PgliteOpened,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
  type SerializedDbError,
} from './pglite-thread.ts';
import { KeptStatements } from './pglite-statements.ts';
import { copyTemplate } from './pglite-template.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread');
const port = parentPort;

const data = workerData as PgliteWorkerData;
const keepText = (value: string) => value;

function serializeError(error: unknown): SerializedDbError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  // PGlite's DatabaseError keeps the server's fields (code, detail, constraint…) as own string properties.
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string') fields[key] = value;
  return { message: error.message, fields };
}

// The first message is PostgreSQL's compiled WebAssembly, the second what to open (the thread may start well
// before the database is chosen); requests follow only once the thread said it is open. One listener takes
// them all, so none arrives while there is no listener.
let onModule: (compiled: WebAssembly.Module) => void = () => undefined;
let onOpen: (options: PgliteOpenOptions) => void = () => undefined;
const compiled = new Promise<WebAssembly.Module>((resolve) => (onModule = resolve));
const opening = new Promise<PgliteOpenOptions>((resolve) => (onOpen = resolve));
let onRequest: ((request: PgliteRequest) => void) | null = null;
let received = 0;
port.on('message', (message: unknown) => {
  received++;
  if (received === 1) onModule(message as WebAssembly.Module);
  else if (received === 2) onOpen(message as PgliteOpenOptions);
  else onRequest?.(message as PgliteRequest);
});

async function open(): Promise<{ db: PGlite; copied: boolean }> {
  const { dataDir, snapshot, copyFrom } = await opening;
  // Copied while PostgreSQL's module may still be on its way, and while the main thread loads the app.
  const copied = copyFrom ? copyTemplate(copyFrom, dataDir) : false;
  const wasmModule = await compiled;
  // btree_gin: the search indexes hold each item's workspace beside its search vector (schema/catalog.ts).
  const options = {
    postgresqlconf: POSTGRESQL_CONF,
    pgliteWasmModule: wasmModule,
    extensions: { btree_gin },
  };
  const db = snapshot
    ? await PGlite.create({ ...options, loadDataDir: new Blob([snapshot]) })
    : await PGlite.create(dataDir, options);
  return { db, copied };
}

// A query's own parsers cost PGlite a copy of its whole parser table (hundreds of array types) per query,
// as long as a query like `select 1`. The parsers that keep text are the same few on every query Drizzle
// sends, so the table with them is made once per set and put in place for the query (one at a time here).
type Parsers = PGlite['parsers'];

/** The parser table for each set of text-keeping types, made once from PGlite's own (`defaults`). */
function parserTables(defaults: Parsers): (textTypes: number[]) => Parsers {
  const keepingText = new Map<string, Parsers>();
  return (textTypes) => {
    if (textTypes.length === 0) return defaults;
    const key = textTypes.join();
    let parsers = keepingText.get(key);
    if (!parsers) {
      parsers = { ...defaults };
      for (const type of textTypes) parsers[type] = keepText;
      keepingText.set(key, parsers);
    }
    return parsers;
  };
}

interface Database {
  db: PGlite;
  parsersFor: (textTypes: number[]) => Parsers;
  kept: KeptStatements;
}

async function answer(
  { db, parsersFor, kept }: Database,
  request: PgliteRequest,
): Promise<{ id: number; result: unknown }> {
  const keep = request.op === 'query' && request.keep;
  if (!keep) await kept.settle();
  // A transaction's first statement opens it; when BEGIN fails, the statement is not run.
  if ((request.op === 'query' || request.op === 'exec') && request.begin) await db.exec('BEGIN');
  switch (request.op) {
    case 'query': {
      const options: QueryOptions = {};
      if (request.rowMode) options.rowMode = request.rowMode;
      db.parsers = parsersFor(request.textTypes);
      const result = keep
        ? await kept.run(request.sql, request.params, options)
        : await db.query(request.sql, request.params, options);
      return { id: request.id, result };
    }
    case 'exec':
      db.parsers = parsersFor([]);
      return { id: request.id, result: await db.exec(request.sql) };
    case 'dump': {
      const tarball = await db.dumpDataDir('none');
      return { id: request.id, result: await tarball.arrayBuffer() };
    }
    case 'close':
      if (!db.closed) {
        if (request.checkpoint) await db.exec('CHECKPOINT');
        await db.close();
      }
      return { id: request.id, result: null };
  }
}

/** Whether the main thread marked this query as abandoned (its client went away) since sending it. */
const abandoned = (request: PgliteRequest) =>
  request.op === 'query' && Atomics.load(data.abandoned, request.id % ABANDON_SLOTS) === request.id;

async function reply(database: Database, request: PgliteRequest): Promise<void> {
  if (abandoned(request)) {
    port.postMessage({ id: request.id, abandoned: true } satisfies PgliteReply);
    return;
  }
  try {
    const done = await answer(database, request);
    port.postMessage(done, done.result instanceof ArrayBuffer ? [done.result] : []);
  } catch (error) {
    port.postMessage({ id: request.id, error: serializeError(error) } satisfies PgliteReply);
  }
}

try {
  const { db, copied } = await open();
  const database = { db, parsersFor: parserTables(db.parsers), kept: new KeptStatements(db) };
  // One request after another, each checked for abandonment when its turn comes.
  let previous = Promise.resolve();
  onRequest = (request) => {
    previous = previous.then(() => reply(database, request));
  };
  port.postMessage({ id: 0, result: { copied } satisfies PgliteOpened });
} catch (error) {
  port.postMessage({ id: 0, error: serializeError(error) });
}
