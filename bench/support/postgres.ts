import pg from 'pg';
import { createDb, MEMORY, type DbHandle } from '@stackyard/db/client';

/** The PostgreSQL server benchmarks run against too: BENCH_DATABASE_URL, else the local one. */
export const benchPostgresUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new database of the benchmark's own on that server, or null when the server does not answer. */
export async function benchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: benchPostgresUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `stackyard_bench_${label}_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(benchPostgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Runs a benchmark on PGlite in memory, then on a database of its own on the PostgreSQL server (skipped, with
 * a line saying so, when the server does not answer); each handle is closed and the database dropped after.
 */
export async function onEachEngine(
  label: string,
  run: (engine: string, handle: DbHandle) => Promise<void>,
): Promise<void> {
  const pglite = await createDb({ dataDir: MEMORY });
  try {
    await run('PGlite (in memory)', pglite);
  } finally {
    await pglite.close();
  }
  const database = await benchDatabase(label);
  if (!database) {
    console.log(
      `PostgreSQL at ${new URL(benchPostgresUrl).host} not reachable: skipped (set BENCH_DATABASE_URL)`,
    );
    return;
  }
  const handle = await createDb({ databaseUrl: database.url, dataDir: MEMORY, poolMax: 10 });
  try {
    await run('PostgreSQL', handle);
  } finally {
    await handle.close();
    await database.drop();
  }
}
