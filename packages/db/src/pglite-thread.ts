import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';
import { isBackground } from './background.ts';
import { AbandonedQueryError, wantedSignal } from './wanted.ts';

// PGlite runs PostgreSQL in WebAssembly, synchronously: on the main thread every query blocked the event loop
// for its whole duration, and since its promises settle without any I/O, a job worker running query after
// query (10,000 enrichment jobs of an import) never let the loop take a timer or a socket: no request, not
// even /healthz, was answered until the queue was empty. So the database lives in a worker thread of its own
// (pglite-worker.ts) and this is its client: each answer arrives as a message, a turn of the event loop, and
// requests are served between queries. It has the slice of PGlite's interface that Drizzle's PGlite driver
// uses (query, transaction) and runs them one at a time, as PGlite's single connection does: those of
// requests first, then background work's (background.ts).

export interface PgliteWorkerData {
  /** A data directory, or `memory://`. */
  dataDir: string;
  /** In memory only: start from this data directory tarball. */
  snapshot?: ArrayBuffer | undefined;
  /** PostgreSQL's WebAssembly, compiled once per process and shared by every thread. */
  wasmModule: WebAssembly.Module;
}

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode | undefined;
      /** Types whose values stay the text PostgreSQL sent (Drizzle parses dates and intervals itself). */
      textTypes: number[];
    }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close'; checkpoint: boolean };

export interface SerializedDbError {
  message: string;
  /** The server's error fields (code, detail, constraint…), so callers can tell a unique violation. */
  fields: Record<string, string>;
}

export type PgliteReply = { id: number; result: unknown } | { id: number; error: SerializedDbError };

/** What a transaction callback gets: queries inside the open transaction. */
export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

export class PgliteThread implements PgliteThreadTransaction {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  // Queries and transactions run one after another (one connection); waiting ones start in this order.
  readonly #waiting = { requests: [] as Array<() => void>, background: [] as Array<() => void> };
  #busy = false;
  #failure: Error | null = null;
  closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // Idle, the thread must not keep the process alive (PGlite on the main thread did not); it is
    // referenced while an answer is awaited.
    worker.unref();
    worker.on('message', (reply: PgliteReply) => this.#settle(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
  }

  static async start(options: Omit<PgliteWorkerData, 'wasmModule'>): Promise<PgliteThread> {
    const data: PgliteWorkerData = { ...options, wasmModule: await compiledPostgres() };
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: data,
      transferList: data.snapshot ? [data.snapshot] : [],
    });
    const thread = new PgliteThread(worker);
    // The worker answers id 0 once PGlite is open (or failed to open).
    await thread.#await(0);
    return thread;
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#exclusive(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.#exclusive(() => this.#request({ id: 0, op: 'exec', sql }) as Promise<Array<Results>>);
  }

  /** Runs fn inside BEGIN … COMMIT (ROLLBACK when it throws); nothing else runs in between. */
  transaction<T>(fn: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      const tx: PgliteThreadTransaction = {
        query: (sql, params = [], options = {}) => this.#query(sql, params, options),
        exec: (sql) => this.#request({ id: 0, op: 'exec', sql }) as Promise<Array<Results>>,
      };
      await tx.exec('BEGIN');
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        await tx.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
      await tx.exec('COMMIT');
      return result;
    });
  }

  async dumpDataDir(): Promise<Blob> {
    const tarball = (await this.#exclusive(() => this.#request({ id: 0, op: 'dump' }))) as ArrayBuffer;
    return new Blob([tarball]);
  }

  /** Checkpoints (when asked), closes the database and ends the thread. */
  async close(checkpoint: boolean): Promise<void> {
    if (this.closed) return;
    try {
      await this.#exclusive(() => this.#request({ id: 0, op: 'close', checkpoint }));
    } finally {
      this.closed = true;
      await this.#worker.terminate();
    }
  }

  #query<T>(sql: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    return this.#request({
      id: 0,
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      textTypes: textTypesOf(options),
    }) as Promise<Results<T>>;
  }

  #exclusive<T>(run: () => Promise<T>): Promise<T> {
    const signal = wantedSignal();
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        // Its client went away while it waited (wanted.ts): the next one goes instead.
        const work = signal?.aborted ? Promise.reject(new AbandonedQueryError()) : run();
        work.then(resolve, reject).finally(() => {
          this.#busy = false;
          this.#startNext();
        });
      };
      (isBackground() ? this.#waiting.background : this.#waiting.requests).push(start);
      if (!this.#busy) this.#startNext();
    });
  }

  #startNext(): void {
    const start = this.#waiting.requests.shift() ?? this.#waiting.background.shift();
    if (!start) return;
    this.#busy = true;
    start();
  }

  #request(request: PgliteRequest): Promise<unknown> {
    const id = this.#nextId++;
    const answer = this.#await(id);
    this.#worker.postMessage({ ...request, id });
    return answer;
  }

  #await(id: number): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  #settle(reply: PgliteReply): void {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in reply) waiting.reject(Object.assign(new Error(reply.error.message), reply.error.fields));
    else waiting.resolve(reply.result);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}

// The project's lib (es2023, no DOM) types WebAssembly's objects but not its functions.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
let compiled: Promise<WebAssembly.Module> | null = null;

// PGlite compiles its 9 MB of WebAssembly when it opens, once per thread: seconds for every test database
// (each in a thread of its own). A compiled module crosses to a worker thread without a copy.
function compiledPostgres(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await readFile(new URL('pglite.wasm', `file://${entry}`)));
  })();
  return compiled;
}

/**
 * Parsers cannot cross to the thread, so only those that keep a type's text are supported, as Drizzle's
 * PGlite driver passes (dates, timestamps, intervals and their arrays); any other stops the query.
 */
function textTypesOf(options: QueryOptions): number[] {
  if (options.serializers || options.blob || options.onNotice || options.paramTypes) {
    throw new Error('the PGlite thread supports only the rowMode and text-keeping parsers query options');
  }
  return Object.entries(options.parsers ?? {}).map(([type, parse]) => {
    const probe = 'probe';
    if (parse(probe, Number(type)) !== probe) {
      throw new Error(`the PGlite thread cannot apply a parser that changes type ${type}'s text`);
    }
    return Number(type);
  });
}
