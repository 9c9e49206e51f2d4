// The worker thread of parseBookmarksFileOffThread: parses one file and posts the bookmarks back in slices,
// so the receiving event loop copies one slice at a time between other work, never the whole file at once.
import { parentPort, workerData } from 'node:worker_threads';
import { BookmarksFileError, parseBookmarksFile, type Bookmark } from './bookmarks-file.ts';

export type WorkerMessage =
  | { kind: 'bookmarks'; bookmarks: Bookmark[] }
  | { kind: 'done' }
  | { kind: 'refused'; code: BookmarksFileError['code'] };

const SLICE = 2_000;

const post = (message: WorkerMessage) => parentPort?.postMessage(message);

try {
  const bookmarks = parseBookmarksFile(String(workerData));
  for (let start = 0; start < bookmarks.length; start += SLICE) {
    post({ kind: 'bookmarks', bookmarks: bookmarks.slice(start, start + SLICE) });
  }
  post({ kind: 'done' });
} catch (error) {
  if (!(error instanceof BookmarksFileError)) throw error;
  post({ kind: 'refused', code: error.code });
}
