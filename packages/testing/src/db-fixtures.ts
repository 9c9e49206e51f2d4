// The test database as a vitest fixture, apart from the app's fixtures so a test of a package below the server
// does not load the server.
import { test } from 'vitest';
import { createTestDb } from '@stackyard/db/testing';

export type TestDb = Awaited<ReturnType<typeof createTestDb>>;

/** The test function with `db`, a fresh test database once per file, closed when the file's tests are done. */
export function dbTest() {
  // vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  return test.extend('db', { scope: 'file' }, async ({}, { onCleanup }) => {
    const db = await createTestDb();
    onCleanup(() => db.close());
    return db;
  });
}
