// The embedded database's thread (packages/db/src/pglite-thread.ts): short queries per second through it, as
// the server sends them (Drizzle, the messages between threads, the queue), with 16 callers at once, against
// PGlite called directly on a thread of its own (direct.ts). The ratio is what the way there costs; the rest
// is PGlite's own work. Turns alternate (BENCH_TURNS, default 3) and the ratio is their median.
import { sql } from 'drizzle-orm';
import { createDb, MEMORY } from '@stackyard/db/client';
import { inWorker, median, recordRatio } from '../support/cases.ts';
import { QUERIES, runCallers, SETUP, type QueryLoad } from './queries.ts';

const CALLERS = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MS = Number(process.env.BENCH_SECONDS ?? 2) * 1000;
const TURNS = Math.max(1, Number(process.env.BENCH_TURNS ?? 3));

const db = await createDb({ dataDir: MEMORY });
for (const statement of SETUP) await db.rows(sql.raw(statement));

function throughThread(query: QueryLoad['query']): Promise<number> {
  const { text, param } = QUERIES[query];
  const [before = '', after = ''] = text.split('$1');
  return runCallers(CALLERS, MS, (n) => db.rows(sql`${sql.raw(before)}${param(n)}${sql.raw(after)}`));
}

const direct = async (query: QueryLoad['query']) =>
  (
    await inWorker<{ queries: number }>(new URL('./direct.ts', import.meta.url), {
      query,
      callers: CALLERS,
      ms: MS,
    })
  ).queries;

console.log(
  `pglite: ${CALLERS} callers at once, ${MS} ms per turn, ${TURNS} turns (node ${process.version})`,
);
console.log('| query | through the thread, queries/s | PGlite directly, queries/s | ratio |');
console.log('|---|---:|---:|---:|');
for (const query of Object.keys(QUERIES) as Array<QueryLoad['query']>) {
  const subject: number[] = [];
  const baseline: number[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    subject.push((await throughThread(query)) / (MS / 1000));
    baseline.push((await direct(query)) / (MS / 1000));
  }
  const ratio = median(subject.map((value, turn) => value / (baseline[turn] ?? 1)));
  console.log(
    `| ${query} | ${median(subject).toFixed(0)} | ${median(baseline).toFixed(0)} | ${ratio.toFixed(2)} |`,
  );
  recordRatio({ engine: 'PGlite (in memory)', name: query, ratio });
}
await db.close();
