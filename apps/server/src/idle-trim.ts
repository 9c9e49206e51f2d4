import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';

// V8 grows the main thread's young generation while the server loads its modules (and again under a burst of
// requests) up to its maximum, 2 × 32 MiB, and keeps those pages, and the old generation's freed ones, for as
// long as the process allocates a little now and then, which a server's timers always do: an idle server
// stayed some 50 MiB above what it needs (`npm run bench -- startup`). A last-resort collection, the one V8
// runs before it gives up on an allocation, also shrinks the young generation and hands free pages back to
// the system; it takes 30–70 ms, so it runs only once no request has been in flight for a while: shortly
// after start-up, then after each quiet spell that follows requests.

/** Quiet time before the first trim, after the server starts listening. */
export const FIRST_TRIM_MS = 1_000;
/** Quiet time before a later trim, after the last request ended. */
export const LATER_TRIM_MS = 30_000;

type Collect = () => void;

export interface IdleTrimOptions {
  collect?: Collect;
  firstMs?: number;
  laterMs?: number;
}

/**
 * Trims the heap whenever the app has had no request in flight for the quiet time. Call before the app
 * listens (it adds hooks); the timer stops when the app closes.
 */
export function trimWhenIdle(app: FastifyInstance, options: IdleTrimOptions = {}): void {
  const collect = options.collect ?? lastResortCollection();
  const laterMs = options.laterMs ?? LATER_TRIM_MS;
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (inFlight === 0) collect();
    }, ms).unref();
  };
  app.addHook('onRequest', async (_request, reply) => {
    inFlight += 1;
    clearTimeout(timer);
    // 'close' comes once per response: sent, failed or cut off by the client.
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) schedule(laterMs);
    });
  });
  app.addHook('onReady', async () => schedule(options.firstMs ?? FIRST_TRIM_MS));
  app.addHook('onClose', async () => clearTimeout(timer));
}

/**
 * V8's collection with the options of its `gc` extension: the function exists in a context made after the
 * flag is set (the way test runners reach it without `--expose-gc` on the command line).
 */
function lastResortCollection(): Collect {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: object) => void;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
