import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
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
// A request's single query is sent while the one before it still runs (never more than PIPELINE at once), so
// the thread starts it as soon as it is free: waiting for each answer to reach this thread before sending the
// next left the database idle between queries, for as long as a thread takes to wake and the event loop to
// turn (`npm run bench -- pglite`). Transactions and background work still go alone.

/** What the thread opens, its second message (after PostgreSQL's compiled WebAssembly). */
export interface PgliteOpenOptions {
  /** A data directory, or `memory://`. */
  dataDir: string;
  /** In memory only: start from this data directory tarball. */
  snapshot?: ArrayBuffer | undefined;
  /**
   * A new data directory only: the kept migrated cluster to copy into it before opening it. The thread
   * copies it, so the main thread goes on loading the app meanwhile.
   */
  copyFrom?: string | undefined;
}

/** The thread's answer once the database is open. */
export interface PgliteOpened {
  /** Whether the data directory was filled from `copyFrom` (else initdb made a new cluster in it). */
  copied: boolean;
}

export interface PgliteWorkerData {
  /** A query's id in slot id % ABANDON_SLOTS: its client went away before the thread started it. */
  abandoned: Int32Array;
}

// PGlite's own default shared_buffers (about 160 MB) grows its WebAssembly memory beyond the initial 128 MB.
// PGlite touches all of shared_buffers when it opens (the WebAssembly memory a thread has resident right after
// opening is about 13 MB plus shared_buffers, measured with 128 kB, 16 MB and 64 MB), so the setting is idle
// RSS from the start, for every server. The embedded database serves one process's small workspaces; pages
// that do not fit are copied in from its file system (the OS's page cache) on every read. 32 MB against 64 MB,
// one after the other on the quiet machine (`npm run bench -- catalog`, a 71,000-item workspace): 36 MiB less
// idle RSS, the lists as fast, searches touching most of the workspace's index about a tenth slower (106
// against 118 a second with 16 in flight); 16 MB took searches and lists a fifth below 64 MB.
// PGlite starts no checkpoint for the WAL written (the server's maintenance does, pglite-maintenance.ts), so
// max_wal_size only caps the used WAL segments a checkpoint keeps on disk for reuse, up to 1 GB by default:
// the catalog benchmark's data, seeded and edited, kept 513 MB of WAL beside 128 MB of tables and indexes
// after its checkpoint, and keeps 129 MB with the cap below.
export const POSTGRESQL_CONF = ['shared_buffers = 32MB', 'max_wal_size = 128MB', 'min_wal_size = 32MB'].join(
  '\n',
);

/** Queries sent to the thread at once: one running, the next waiting there. */
const PIPELINE = 2;
/** Slots for the ids of abandoned queries; more than PIPELINE, so no two queries sent share one. */
export const ABANDON_SLOTS = 8;

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode | undefined;
      /** Types whose values stay the text PostgreSQL sent (Drizzle parses dates and intervals itself). */
      textTypes: number[];
      /** Run as a named statement, parsed once (pglite-statements.ts). */
      keep: boolean;
      /** Open the transaction first (a transaction's first statement). */
      begin?: boolean;
    }
  | { id: number; op: 'exec'; sql: string; begin?: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close'; checkpoint: boolean };

/**
 * A query's options here: PGlite's, and whether to keep the statement (a statement the server prepares,
 * whose text is the same on every run).
 */
export type ThreadQueryOptions = QueryOptions & { keepStatement?: boolean };

export interface SerializedDbError {
  message: string;
  /** The server's error fields (code, detail, constraint…), so callers can tell a unique violation. */
  fields: Record<string, string>;
}

export type PgliteReply =
  | { id: number; result: unknown }
  | { id: number; error: SerializedDbError }
  | { id: number; abandoned: true };

/** What a transaction callback gets: queries inside the open transaction. */
export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

export class PgliteThread implements PgliteThreadTransaction {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  /** Whether `start` filled the data directory from its `copyFrom`. */
  copiedTemplate = false;
  // Queries and transactions run one after another (one connection); waiting ones start in this order.
  readonly #waiting = { requests: [] as Waiting[], background: [] as Waiting[] };
  /** Work started and not yet answered: PIPELINE single queries of requests at most, else one. */
  #running = 0;
  #runningAlone = false;
  readonly #abandoned: Int32Array;
  #failure: Error | null = null;
  closed = false;

  /** Why PostgreSQL's WebAssembly could not be compiled (then the thread cannot open a database). */
  readonly #compileError: Error | null;

  private constructor(worker: Worker, abandoned: Int32Array, compileError: Error | null) {
    this.#worker = worker;
    this.#abandoned = abandoned;
    this.#compileError = compileError;
    // Idle, the thread must not keep the process alive (PGlite on the main thread did not); it is
    // referenced while an answer is awaited.
    worker.unref();
    worker.on('message', (reply: PgliteReply) => this.#settle(reply));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
  }

  /**
   * Starts a thread ahead of `start`, which then opens the database on it: the thread loads PGlite's modules
   * while the caller goes on loading its own.
   */
  static prestart(): void {
    prestarted ??= PgliteThread.#spawn();
  }

  static #spawn(): PgliteThread {
    const abandoned = new Int32Array(new SharedArrayBuffer(ABANDON_SLOTS * Int32Array.BYTES_PER_ELEMENT));
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: { abandoned } satisfies PgliteWorkerData,
      // V8 sizes a thread's young generation for a busy JavaScript heap (32 MiB resident here once idle); this
      // thread's JavaScript only passes queries and their results, and 8 MB keeps it at about 24 MiB.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    // The thread's first message is PostgreSQL's compiled WebAssembly, its second what to open (`start`).
    const compiled = compiledPostgres();
    if ('module' in compiled) worker.postMessage(compiled.module);
    return new PgliteThread(worker, abandoned, 'error' in compiled ? compiled.error : null);
  }

  /**
   * Opens the database on the thread `prestart` started, else on a new one. The thread is told what to open
   * before this returns, so that work the caller starts next cannot hold that message back.
   */
  static async start(options: PgliteOpenOptions): Promise<PgliteThread> {
    const thread = prestarted ?? PgliteThread.#spawn();
    prestarted = null;
    if (thread.#compileError) {
      await thread.#worker.terminate();
      throw thread.#compileError;
    }
    thread.#worker.postMessage(options, options.snapshot ? [options.snapshot] : []);
    // The worker answers id 0 once PGlite is open (or failed to open).
    const opened = (await thread.#await(0)) as PgliteOpened;
    thread.copiedTemplate = opened.copied;
    return thread;
  }

  query<T>(sql: string, params: unknown[] = [], options: ThreadQueryOptions = {}): Promise<Results<T>> {
    return this.#enqueue((signal) => this.#query<T>(sql, params, options, signal), { single: true });
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.#enqueue(() => this.#request({ id: 0, op: 'exec', sql }) as Promise<Array<Results>>);
  }

  /**
   * Runs fn inside BEGIN … COMMIT (ROLLBACK when it throws); nothing else runs in between. BEGIN goes to the
   * thread with the transaction's first statement, which runs it first: a round trip less for every
   * transaction (a thread's answer costs about as much as a short statement), and none for a transaction
   * that sends nothing.
   */
  transaction<T>(fn: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    return this.#enqueue(async (_signal, release) => {
      let begun = false;
      const begin = () => !begun && (begun = true);
      const exec = (sql: string, opens = false) =>
        this.#request({ id: 0, op: 'exec', sql, begin: opens }) as Promise<Array<Results>>;
      const tx: PgliteThreadTransaction = {
        query: (sql, params = [], options = {}) => this.#query(sql, params, options, undefined, begin()),
        exec: (sql) => exec(sql, begin()),
      };
      // The work waiting next is sent right behind COMMIT or ROLLBACK, which the thread runs first: the
      // connection is not left idle while their answer travels here. (A COMMIT that fails has rolled back.)
      const end = async (sql: string) => {
        const ended = exec(sql);
        release();
        await ended;
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        if (begun) await end('ROLLBACK').catch(() => undefined);
        throw error;
      }
      if (begun) await end('COMMIT');
      return result;
    });
  }

  async dumpDataDir(): Promise<Blob> {
    const tarball = (await this.#enqueue(() => this.#request({ id: 0, op: 'dump' }))) as ArrayBuffer;
    return new Blob([tarball]);
  }

  /** Checkpoints (when asked), closes the database and ends the thread. */
  async close(checkpoint: boolean): Promise<void> {
    if (this.closed) return;
    try {
      await this.#enqueue(() => this.#request({ id: 0, op: 'close', checkpoint }));
    } finally {
      this.closed = true;
      await this.#worker.terminate();
    }
  }

  #query<T>(
    sql: string,
    params: unknown[],
    options: ThreadQueryOptions,
    signal?: AbortSignal,
    begin = false,
  ): Promise<Results<T>> {
    const request = { id: 0, op: 'query', sql, params, rowMode: options.rowMode, begin } as const;
    const keep = options.keepStatement === true;
    return this.#request({ ...request, textTypes: textTypesOf(options), keep }, signal) as Promise<
      Results<T>
    >;
  }

  /**
   * Queues work for the connection. Single queries of requests may start while another such query runs
   * (PIPELINE); anything else starts alone. A query of a read whose client has gone away (wanted.ts) is not
   * run: here when it is still queued, in the thread when it was already sent.
   */
  #enqueue<T>(
    run: (signal: AbortSignal | undefined, release: () => void) => Promise<T>,
    { single = false } = {},
  ): Promise<T> {
    const signal = wantedSignal();
    const background = isBackground();
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        // The next work may be sent once this work has sent its last message (or has ended).
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          this.#running--;
          this.#startNext();
        };
        const work = signal?.aborted ? Promise.reject(new AbandonedQueryError()) : run(signal, release);
        work.then(resolve, reject).finally(release);
      };
      (background ? this.#waiting.background : this.#waiting.requests).push({
        start,
        alone: !single || background,
      });
      this.#startNext();
    });
  }

  #startNext(): void {
    for (;;) {
      const queue = this.#waiting.requests.length > 0 ? this.#waiting.requests : this.#waiting.background;
      const next = queue[0];
      if (!next) return;
      if (this.#running > 0 && (this.#runningAlone || next.alone || this.#running >= PIPELINE)) return;
      queue.shift();
      this.#running++;
      this.#runningAlone = next.alone;
      next.start();
    }
  }

  #request(request: PgliteRequest, signal?: AbortSignal): Promise<unknown> {
    const id = this.#nextId++;
    const answer = this.#await(id);
    this.#worker.postMessage({ ...request, id });
    if (!signal) return answer;
    // Sent, it may still wait in the thread behind the query running there.
    const abandon = () => Atomics.store(this.#abandoned, id % ABANDON_SLOTS, id);
    signal.addEventListener('abort', abandon, { once: true });
    return answer.finally(() => signal.removeEventListener('abort', abandon));
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
    if ('abandoned' in reply) waiting.reject(new AbandonedQueryError());
    else if ('error' in reply)
      waiting.reject(Object.assign(new Error(reply.error.message), reply.error.fields));
    else waiting.resolve(reply.result);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}

interface Waiting {
  start: () => void;
  /** Runs with nothing else sent to the thread (a transaction, background work). */
  alone: boolean;
}

// The project's lib (es2023, no DOM) types WebAssembly's objects but not its constructors.
declare const WebAssembly: { Module: new (bytes: Uint8Array) => WebAssembly.Module };
let compiled: { module: WebAssembly.Module } | { error: Error } | null = null;
let prestarted: PgliteThread | null = null;

// PGlite compiles its 9 MB of WebAssembly when it opens, once per thread: seconds for every test database
// (each in a thread of its own). A compiled module crosses to a worker thread without a copy.
// Compiled synchronously (about 40 ms: V8 validates it and compiles each function on its first call): an
// asynchronous read and compile each end in a callback on this thread, which waits while the server's
// modules load, and kept the database from opening for as long (about 0.4 s in a start-up).
// Node 24's V8 (13.6) can free a WebAssembly import wrapper twice when its collection of dead WebAssembly code
// runs while another thread uses the wrapper: the process stops on a failed check
// (`jit_page_->allocations_.erase(addr) == 1`), as it did once in this project's CI with several PGlite
// threads (nodejs/node#64500; fixed in V8 after 13.6). So the process keeps dead WebAssembly code instead of
// collecting it: only code PGlite's one module replaced, no difference in RSS measured.
function compiledPostgres(): { module: WebAssembly.Module } | { error: Error } {
  if (!compiled) {
    setFlagsFromString('--no-wasm-code-gc');
    try {
      const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
      compiled = { module: new WebAssembly.Module(readFileSync(new URL('pglite.wasm', `file://${entry}`))) };
    } catch (error) {
      compiled = { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }
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
