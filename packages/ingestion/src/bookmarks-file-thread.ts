// Parsing a bookmarks file of up to 20 MB takes up to a few seconds of CPU: done on the request's event loop,
// it held every other request (health checks included) for that long. A worker thread parses it and answers
// JSON text; the event loop only hands the file over and joins the strings it gets back.
import { Worker } from 'node:worker_threads';
import { BookmarksFileError, type BookmarksFileOptions, type SkippedFileBookmark } from './bookmarks-file.ts';
import type { WorkerInput, WorkerMessage } from './bookmarks-file-worker.ts';

/** Files parsed at once in one process; more wait their turn (each parse keeps a core busy). */
const PARALLEL_PARSES = 2;
/** Heap of one parse: a 20 MB file of 100,000 bookmarks needs well under this. */
const WORKER_HEAP_MB = 512;

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<void> {
  if (running < PARALLEL_PARSES) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function done(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

export interface CompactBookmarks {
  count: number;
  /** A JSON array of CompactBookmark, in file order. */
  json: string;
  /** Bookmarks left out by the parser (private ones), in file order. */
  skipped: SkippedFileBookmark[];
}

/**
 * readBookmarksFile in a worker thread, answered as a JSON array of CompactBookmark; refuses with the same
 * BookmarksFileError. Given bytes, the thread decodes them by the file's declared charset first.
 */
export async function compactBookmarksOffThread(
  file: string | Uint8Array,
  options: BookmarksFileOptions = {},
): Promise<CompactBookmarks> {
  await turn();
  try {
    const worker = new Worker(new URL('./bookmarks-file-worker.ts', import.meta.url), {
      workerData: { file, options } satisfies WorkerInput,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    return await new Promise<CompactBookmarks>((resolve, reject) => {
      const slices: string[] = [];
      let count = 0;
      worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'slice') {
          slices.push(message.json);
          count += message.count;
        } else if (message.kind === 'done') {
          resolve({ count, json: `[${slices.join(',')}]`, skipped: message.skipped });
        } else reject(new BookmarksFileError(message.code));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the bookmarks parser stopped (exit code ${code})`)));
    });
  } finally {
    done();
  }
}
