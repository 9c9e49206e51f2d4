// The worker thread of readableCopyOffThread: extracts one page at a time, as it is asked.
import { parentPort } from 'node:worker_threads';
import { readableCopy, type ReadableCopy } from './readable-copy.ts';

export interface CopyRequest {
  id: number;
  html: string;
  url: string;
}

export interface CopyAnswer {
  id: number;
  copy: ReadableCopy | null;
}

// Ready once the libraries are loaded: a page's time limit starts only then.
parentPort?.postMessage('ready');
parentPort?.on('message', ({ id, html, url }: CopyRequest) => {
  parentPort?.postMessage({ id, copy: readableCopy(html, url) } satisfies CopyAnswer);
});
