// The worker thread that owns the embedded database (see pglite-thread.ts): it opens PGlite, answers one
// request at a time from the main thread, and closes it. PGlite executes SQL synchronously in WebAssembly,
// so here that work blocks only this thread, never the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type QueryOptions } from '@electric-sql/pglite';
import type { PgliteRequest, PgliteWorkerData, SerializedDbError } from './pglite-thread.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');

const data = workerData as PgliteWorkerData;
const keepText = (value: string) => value;
// PGlite's own default shared_buffers (about 160 MB) grows its WebAssembly memory beyond the initial 128 MB
// and fills it as tables are read, most of the process's idle RSS. The embedded database serves one
// process's small workspaces; pages that do not fit are copied in from its file system on every read. 64 MB
// holds the search indexes and tables of a 70,000-item workspace (the catalog benchmark), where 32 MB made a
// search touching most of them a fifth slower; buffers take memory only once pages are read into them.
const postgresqlconf = 'shared_buffers = 64MB';

function serializeError(error: unknown): SerializedDbError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  // PGlite's DatabaseError keeps the server's fields (code, detail, constraint…) as own string properties.
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string') fields[key] = value;
  return { message: error.message, fields };
}

async function open(): Promise<PGlite> {
  const options = { postgresqlconf, pgliteWasmModule: data.wasmModule };
  if (data.snapshot) return PGlite.create({ ...options, loadDataDir: new Blob([data.snapshot]) });
  return PGlite.create(data.dataDir, options);
}

async function answer(db: PGlite, request: PgliteRequest): Promise<{ id: number; result: unknown }> {
  switch (request.op) {
    case 'query': {
      const options: QueryOptions = {};
      if (request.rowMode) options.rowMode = request.rowMode;
      if (request.textTypes.length > 0) {
        const parsers: ParserOptions = {};
        for (const type of request.textTypes) parsers[type] = keepText;
        options.parsers = parsers;
      }
      const result = await db.query(request.sql, request.params, options);
      return { id: request.id, result };
    }
    case 'exec':
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

try {
  const db = await open();
  port.on('message', (request: PgliteRequest) => {
    answer(db, request).then(
      (reply) => port.postMessage(reply, reply.result instanceof ArrayBuffer ? [reply.result] : []),
      (error: unknown) => port.postMessage({ id: request.id, error: serializeError(error) }),
    );
  });
  port.postMessage({ id: 0, result: 'ready' });
} catch (error) {
  port.postMessage({ id: 0, error: serializeError(error) });
}
