import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, MEMORY, type DbHandle } from './client.ts';
import { migratedClusterKey } from './pglite-template.ts';

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

// A new PGlite cluster costs seconds (initdb); loading a tarball of an already migrated one costs a
// fraction of that. The tarball is cached on disk, keyed as the data directories' copies are (pglite-template.ts),
// and shared by all test files.
async function migratedSnapshot(): Promise<Blob> {
  const cached = join(tmpdir(), `stackyard-pglite-${migratedClusterKey()}.tar`);
  if (existsSync(cached)) return new Blob([readFileSync(cached)]);
  const fresh = await createDb({ dataDir: MEMORY });
  try {
    await fresh.migrate();
    const tarball = await fresh.dumpPglite?.();
    if (!tarball) throw new Error('PGlite handle cannot dump its data directory');
    // Written aside and renamed, so a parallel test file never reads half a file.
    const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, cached);
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
