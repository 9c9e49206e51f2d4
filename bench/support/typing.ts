// People typing in the command palette at once, as the web app searches: each typist types the search terms
// one letter at a time, pausing PAUSE_MS after each (longer than the palette's 200 ms debounce, so every
// prefix of two letters or more is searched), and aborts the search in flight when the next one goes, as the
// palette does. What a typist waits for is the answer to the whole term after the last letter. Run in a
// worker thread, so the typists do not share the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { inWorker, percentile } from './cases.ts';

export interface TypingJob {
  baseUrl: string;
  /** The search's URL path for a text. */
  path: string;
  token: string | null;
  terms: string[];
  typists: number;
  ms: number;
}

export interface TypingResult {
  /** From the last letter to the answer, per term typed. */
  waitsMs: number[];
  sent: number;
  /** Searches answered before a newer one superseded them (the last letter's included). */
  answered: number;
}

const PAUSE_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function type(job: TypingJob): Promise<TypingResult> {
  const result: TypingResult = { waitsMs: [], sent: 0, answered: 0 };
  const search = async (text: string, signal: AbortSignal) => {
    result.sent++;
    const url = `${job.baseUrl}${job.path}${encodeURIComponent(text)}`;
    const response = await fetch(url, {
      headers: job.token ? { authorization: `Bearer ${job.token}` } : {},
      signal,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    result.answered++;
  };
  const started = performance.now();
  const typist = async (first: number) => {
    for (let turn = first; performance.now() - started < job.ms; turn++) {
      const term = job.terms[turn % job.terms.length] ?? '';
      let inFlight: AbortController | null = null;
      for (let length = 2; length < term.length; length++) {
        inFlight?.abort();
        inFlight = new AbortController();
        // Superseded: its failure is the abort.
        search(term.slice(0, length), inFlight.signal).catch(() => undefined);
        await sleep(PAUSE_MS);
      }
      inFlight?.abort();
      const sent = performance.now();
      await search(term, new AbortController().signal);
      result.waitsMs.push(performance.now() - sent);
      await sleep(PAUSE_MS * 2);
    }
  };
  await Promise.all(Array.from({ length: job.typists }, (_, index) => typist(index)));
  return result;
}

if (parentPort && (workerData as { typing?: TypingJob } | null)?.typing) {
  const port = parentPort;
  type((workerData as { typing: TypingJob }).typing).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}

/** The API's search and its baseline, typed by the same typists one after the other; prints a table. */
export async function runTyping(api: TypingJob, baseline: TypingJob): Promise<void> {
  console.log(
    '| case | terms typed | p50 wait ms | p99 wait ms | searches sent | answered | p50 wait ÷ baseline |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  let apiP50 = Number.NaN;
  for (const [name, job] of [
    ['GET /search', api],
    ['baseline: same query, raw', baseline],
  ] as const) {
    const result = await inWorker<TypingResult>(new URL(import.meta.url), { typing: job });
    const waits = [...result.waitsMs].sort((a, b) => a - b);
    const p50 = percentile(waits, 50);
    const ratio = job === api ? '' : `API = ${(apiP50 / p50).toFixed(2)} × baseline`;
    if (job === api) apiP50 = p50;
    console.log(
      `| ${name} | ${waits.length} | ${p50.toFixed(1)} | ${percentile(waits, 99).toFixed(1)} | ${result.sent} | ${result.answered} | ${ratio} |`,
    );
  }
}
