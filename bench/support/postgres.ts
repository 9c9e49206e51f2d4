import pg from 'pg';

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
