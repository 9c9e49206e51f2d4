// Counts the statements the enrichment of N links sends to PostgreSQL (every pg client query), and their
// summed time, so a job's database round trips can be read off: total / jobs.
import pg from 'pg';
import { createDb, MEMORY } from '@stackyard/db/client';
import { benchDatabase } from '../support/postgres.ts';
import { benchThroughput } from './throughput.ts';

const links = Number(process.env.BENCH_LINKS ?? 200);
const counts = new Map<string, number>();
let total = 0;
let busyMs = 0;
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (!counting) return (query as (...a: unknown[]) => unknown).apply(this, args);
  const first = args[0] as string | { text: string };
  const text = (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 90);
  counts.set(text, (counts.get(text) ?? 0) + 1);
  total++;
  const started = performance.now();
  const result = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise)
    void result.finally(() => (busyMs += performance.now() - started)).catch(() => {});
  return result;
} as typeof query;

const database = await benchDatabase('queries');
if (!database) throw new Error('no PostgreSQL');
const db = await createDb({ databaseUrl: database.url, dataDir: MEMORY, poolMax: 10 });
await db.migrate();
counting = true;
console.log(await benchThroughput(db, { name: 'count', hosts: 10, latencyMs: 0, links }));
counting = false;
console.log(
  `${total} statements for ${links} jobs: ${(total / links).toFixed(1)} per job; ${(busyMs / links).toFixed(1)} ms summed per job`,
);
for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${(n / links).toFixed(2)}  ${text}`);
await db.close();
await database.drop();
