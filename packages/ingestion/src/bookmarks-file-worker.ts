// The worker thread of compactBookmarksOffThread: parses one file and posts its bookmarks back as JSON text,
// in slices, so the receiving event loop has only strings to copy, never a million objects to rebuild.
import { parentPort, workerData } from 'node:worker_threads';
import {
  BookmarksFileError,
  compactBookmark,
  type BookmarksFileOptions,
  type SkippedFileBookmark,
} from './bookmarks-file.ts';
import { decodeBookmarksFile, readBookmarksFile } from './bookmarks-file-reader.ts';

/** What the thread is handed: the file as text, or as bytes to decode by their declared charset. */
export interface WorkerInput {
  file: string | Uint8Array;
  options: BookmarksFileOptions;
}

export type WorkerMessage =
  | { kind: 'slice'; json: string; count: number }
  | { kind: 'done'; skipped: SkippedFileBookmark[] }
  | { kind: 'refused'; code: BookmarksFileError['code'] };

const SLICE = 2_000;

const post = (message: WorkerMessage) => parentPort?.postMessage(message);

try {
  const { file, options } = workerData as WorkerInput;
  const html = typeof file === 'string' ? file : decodeBookmarksFile(file);
  const { bookmarks, skipped } = readBookmarksFile(html, options);
  for (let start = 0; start < bookmarks.length; start += SLICE) {
    const slice = bookmarks.slice(start, start + SLICE).map(compactBookmark);
    // The elements of a JSON array, without its brackets: the slices join with commas.
    post({ kind: 'slice', json: JSON.stringify(slice).slice(1, -1), count: slice.length });
  }
  post({ kind: 'done', skipped });
} catch (error) {
  if (!(error instanceof BookmarksFileError)) throw error;
  post({ kind: 'refused', code: error.code });
}
