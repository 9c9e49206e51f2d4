// Readability's scoring is synchronous and, on a hostile page (thousands of nested elements), takes minutes:
// on the server's event loop it would hold every request. One worker thread extracts the pages one after the
// other; a page that takes longer than the limit costs its copy, and the thread is ended and started anew.
import { Worker } from 'node:worker_threads';
import type { ReadableCopy } from './readable-copy.ts';
import type { CopyAnswer, CopyRequest } from './readable-copy-worker.ts';

/** How long one page may take; real articles take milliseconds. */
export const COPY_TIME_LIMIT_MS = 5_000;
const WORKER_HEAP_MB = 256;
/** How long a new thread may take to load its libraries (a busy machine takes seconds). */
const STARTUP_LIMIT_MS = 60_000;

interface Thread {
  worker: Worker;
  ready: Promise<boolean>;
}

let thread: Thread | null = null;
let nextId = 0;
let queue: Promise<unknown> = Promise.resolve();

function startThread(): Thread {
  const worker = new Worker(new URL('./readable-copy-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // An idle thread never keeps the process alive.
  worker.unref();
  const ready = new Promise<boolean>((resolve) => {
    const done = (loaded: boolean) => {
      clearTimeout(timer);
      resolve(loaded);
    };
    const timer = setTimeout(() => done(false), STARTUP_LIMIT_MS).unref();
    worker.once('message', () => done(true));
    worker.once('error', () => done(false));
    worker.once('exit', () => done(false));
  });
  return { worker, ready };
}

function stopThread(stopped: Thread): void {
  if (thread === stopped) thread = null;
  void stopped.worker.terminate();
}

async function extract(html: string, url: string, timeLimitMs: number): Promise<ReadableCopy | null> {
  const started = (thread ??= startThread());
  if (!(await started.ready)) {
    stopThread(started);
    return null;
  }
  const current = started.worker;
  const id = ++nextId;
  return new Promise((resolve) => {
    const settle = (copy: ReadableCopy | null, broken: boolean) => {
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onError);
      if (broken) stopThread(started);
      resolve(copy);
    };
    const onMessage = (answer: CopyAnswer) => {
      if (answer.id === id) settle(answer.copy, false);
    };
    const onError = () => settle(null, true);
    const timer = setTimeout(onError, timeLimitMs);
    current.on('message', onMessage);
    current.on('error', onError);
    current.on('exit', onError);
    current.postMessage({ id, html, url } satisfies CopyRequest);
  });
}

/** readableCopy on the extraction thread: null when the page has no article or took too long. */
export function readableCopyOffThread(
  html: string,
  url: string,
  timeLimitMs = COPY_TIME_LIMIT_MS,
): Promise<ReadableCopy | null> {
  const result = queue.then(() => extract(html, url, timeLimitMs));
  queue = result;
  return result;
}
