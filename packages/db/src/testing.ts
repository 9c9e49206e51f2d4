import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, MEMORY, type DbHandle } from './client.ts';
import { readTemplate, saveTemplate } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped again by close().
 * Files therefore run in parallel and leave nothing behind.
 */
export async function createTestDb(): Promise<DbHandle & { databaseUrl: string | undefined }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDb({ dataDir: MEMORY, pgliteSnapshot: await migratedSnapshot() });
    await handle.migrate();
    return { ...handle, databaseUrl: undefined };
  }
  const name = `stackyard_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = await createDb({ databaseUrl, dataDir: MEMORY, poolMax: 4 });
  await handle.migrate();
  return {
    ...handle,
    databaseUrl,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

// A new PGlite cluster costs seconds (initdb and the migrations); the migrated cluster's tarball, kept in the
// user's cache (pglite-template.ts), costs a fraction of that, for every test file and every server started.
async function migratedSnapshot(): Promise<Blob> {
  const kept = readTemplate();
  if (kept) return new Blob([kept]);
  const fresh = await createDb({ dataDir: MEMORY });
  try {
    await fresh.migrate();
    const tarball = await fresh.dumpPglite?.();
    if (!tarball) throw new Error('PGlite handle cannot dump its data directory');
    saveTemplate(await tarball.arrayBuffer());
    return tarball;
  } finally {
    await fresh.close();
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
