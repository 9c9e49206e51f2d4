import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';

// V8 grows the main thread's young generation while the server loads its modules (and again under a burst of
// requests) up to its maximum, 2 × 32 MiB, and keeps those pages, and the old generation's freed ones, for as
// long as the process allocates a little now and then, which a server's timers always do: an idle server
// stayed some 50 MiB above what it needs (`npm run bench -- startup`). A last-resort collection, the one V8
// runs before it gives up on an allocation, also shrinks the young generation and hands free pages back to
// the system. It takes 30–70 ms, so it runs at a moment no request is in flight: shortly after start-up, then
// at most once a period, when requests were served since the last one (a health probe every few seconds
// never keeps it from running, nor makes it run more often).

/** From the server's start to the first trim, and between looks while requests are in flight. */
export const FIRST_TRIM_MS = 1_000;
/** Between trims. */
export const TRIM_PERIOD_MS = 30_000;

type Collect = () => void;

export interface IdleTrimOptions {
  collect?: Collect;
  firstMs?: number;
  periodMs?: number;
}

/** Trims the heap as above. Call before the app listens (it adds hooks); it stops when the app closes. */
export function trimWhenIdle(app: FastifyInstance, options: IdleTrimOptions = {}): void {
  const collect = options.collect ?? lastResortCollection();
  const firstMs = options.firstMs ?? FIRST_TRIM_MS;
  const periodMs = options.periodMs ?? TRIM_PERIOD_MS;
  let inFlight = 0;
  // Start-up allocated what the first trim is for.
  let served = true;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms).unref();
  };
  const tick = () => {
    if (inFlight > 0) return schedule(firstMs);
    if (served) {
      served = false;
      collect();
    }
    schedule(periodMs);
  };
  app.addHook('onRequest', async (_request, reply) => {
    inFlight += 1;
    served = true;
    // 'close' comes once per response: sent, failed or cut off by the client.
    reply.raw.once('close', () => (inFlight -= 1));
  });
  app.addHook('onReady', async () => schedule(firstMs));
  app.addHook('onClose', async () => clearTimeout(timer));
}

/**
 * V8's collection with the options of its `gc` extension: the function exists in a context made after the
 * flag is set (the way test runners reach it without `--expose-gc` on the command line). The context is made
 * at the first trim, not when the app is built: making one takes some 20 ms, which start-up would wait for.
 */
function lastResortCollection(): Collect {
  let gc: ((options: object) => void) | undefined;
  return () => {
    if (!gc) {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as (options: object) => void;
    }
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  };
}
