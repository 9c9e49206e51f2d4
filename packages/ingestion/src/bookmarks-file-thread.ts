// Parsing a bookmarks file of up to 20 MB takes up to a second of CPU: done on the request's event loop, it
// would hold every other request (health checks included) for that long. A worker thread parses it instead;
// the event loop only hands the text over and takes the bookmarks back.
import { Worker } from 'node:worker_threads';
import { BookmarksFileError, type Bookmark } from './bookmarks-file.ts';
import type { WorkerMessage } from './bookmarks-file-worker.ts';

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

/** parseBookmarksFile in a worker thread: the same answer and the same BookmarksFileError. */
export async function parseBookmarksFileOffThread(html: string): Promise<Bookmark[]> {
  await turn();
  try {
    const worker = new Worker(new URL('./bookmarks-file-worker.ts', import.meta.url), {
      workerData: html,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    return await new Promise<Bookmark[]>((resolve, reject) => {
      const bookmarks: Bookmark[] = [];
      worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'bookmarks') for (const bookmark of message.bookmarks) bookmarks.push(bookmark);
        else if (message.kind === 'done') resolve(bookmarks);
        else reject(new BookmarksFileError(message.code));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the bookmarks parser stopped (exit code ${code})`)));
    });
  } finally {
    done();
  }
}
