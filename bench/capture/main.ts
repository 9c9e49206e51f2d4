// Capture benchmark: readable-copy extraction (Readability on linkedom, then the allow-list sanitiser) in pages
// per second over the ingestion corpus (packages/ingestion/src/testing/corpus-pages.ts, with the cut-down real
// pages of real-page-shapes.ts), on this thread and through the extraction thread the jobs use (one page after
// the other, as they are queued). Baseline: extractMetadata over the same pages in the same run, the
// extraction every ingested page already pays. Also the share of pages that yield a copy and its mean size.
import { extractMetadata } from '@stackyard/ingestion/extract';
import { readableCopy } from '@stackyard/ingestion/readable-copy';
import { readableCopyOffThread } from '@stackyard/ingestion/readable-copy-thread';
import { corpusPages, type CorpusPage } from '@stackyard/ingestion/testing/corpus-pages';
import * as realPages from '@stackyard/ingestion/testing/real-page-shapes';
import { runsPerSecond } from '../support/cases.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

const pages: CorpusPage[] = [
  ...corpusPages(),
  ...Object.entries(realPages).map(([name, html]) => ({
    kind: 'real',
    url: `https://real.example/${name}`,
    html,
  })),
];

async function loopAsync(seconds: number, once: (index: number) => Promise<unknown>): Promise<number> {
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) await once(done++);
  return done / ((performance.now() - started) / 1000);
}

const page = (index: number): CorpusPage => {
  const found = pages[index % pages.length];
  if (!found) throw new Error('empty corpus');
  return found;
};
const metadata = (index: number) => extractMetadata(page(index).html, page(index).url);
const copy = (index: number) => readableCopy(page(index).html, page(index).url);
const copyOffThread = (index: number) => readableCopyOffThread(page(index).html, page(index).url);

runsPerSecond(0.5, metadata);
runsPerSecond(0.5, copy);
await loopAsync(0.5, copyOffThread);
const baseline = runsPerSecond(SECONDS, metadata);
const onThread = runsPerSecond(SECONDS, copy);
const offThread = await loopAsync(SECONDS, copyOffThread);
const copies = pages.map((_, index) => copy(index));
const kept = copies.filter((item) => item !== null);
const meanKiB = kept.reduce((sum, item) => sum + Buffer.byteLength(item.html), 0) / kept.length / 1024;

console.log(
  `readable-copy extraction over ${pages.length} pages ` +
    `(${(pages.reduce((sum, item) => sum + item.html.length, 0) / 1024).toFixed(0)} KiB), ${SECONDS} s per row`,
);
console.log('| case | pages/s | × baseline |');
console.log('|---|---:|---:|');
console.log(`| extractMetadata (baseline) | ${baseline.toFixed(0)} | 1.00 |`);
console.log(`| readableCopy, this thread | ${onThread.toFixed(0)} | ${(onThread / baseline).toFixed(2)} |`);
console.log(
  `| readableCopyOffThread, one at a time | ${offThread.toFixed(0)} | ${(offThread / baseline).toFixed(2)} |`,
);
console.log(
  `\npages with a copy: ${kept.length} of ${pages.length} (${((kept.length / pages.length) * 100).toFixed(0)} %), ` +
    `mean copy ${meanKiB.toFixed(1)} KiB of HTML`,
);
