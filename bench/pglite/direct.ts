// The pglite benchmark's baseline, in a worker thread: PGlite called directly on its own thread, with nothing
// between the callers and it (no messages between threads, no Drizzle, no queue of ours).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { POSTGRESQL_CONF } from '@stackyard/db/pglite-thread';
import { QUERIES, runCallers, SETUP, type QueryLoad } from './queries.ts';

const job = workerData as QueryLoad;
const db = await PGlite.create({ postgresqlconf: POSTGRESQL_CONF });
for (const statement of SETUP) await db.exec(statement);
const { text, param } = QUERIES[job.query];
const done = await runCallers(job.callers, job.ms, (n) => db.query(text, [param(n)]));
await db.close();
parentPort?.postMessage({ queries: done });
