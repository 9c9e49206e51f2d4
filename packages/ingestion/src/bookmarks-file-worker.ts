// The worker thread of compactBookmarksOffThread: parses one file and posts its bookmarks back as JSON text,
// in slices, so the receiving event loop has only strings to copy, never a million objects to rebuild.
import { parentPort, workerData } from 'node:worker_threads';
import { BookmarksFileError, compactBookmark, parseBookmarksFile } from './bookmarks-file.ts';

export type WorkerMessage =
  | { kind: 'slice'; json: string; count: number }
  | { kind: 'done' }
  | { kind: 'refused'; code: BookmarksFileError['code'] };

const SLICE = 2_000;

const post = (message: WorkerMessage) => parentPort?.postMessage(message);

try {
  const bookmarks = parseBookmarksFile(String(workerData));
  for (let start = 0; start < bookmarks.length; start += SLICE) {
    const slice = bookmarks.slice(start, start + SLICE).map(compactBookmark);
    // The elements of a JSON array, without its brackets: the slices join with commas.
    post({ kind: 'slice', json: JSON.stringify(slice).slice(1, -1), count: slice.length });
  }
  post({ kind: 'done' });
} catch (error) {
  if (!(error instanceof BookmarksFileError)) throw error;
  post({ kind: 'refused', code: error.code });
}
