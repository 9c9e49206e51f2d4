// Once per e2e run: build the SPA if needed, start the real server on a free port with a temporary
// DATA_DIR (or, on the PostgreSQL run, a fresh database of its own), hand its URL to the specs, and stop
// it cleanly afterwards.
import type { TestProject } from 'vitest/node';
import { createTestDb } from '@stackyard/db/testing';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { startServerProcess, tempDir } from '../test/processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const dataDir = tempDir('stackyard-e2e');
  const database = process.env.TEST_DATABASE_URL ? await createTestDb() : null;
  const server = await startServerProcess({
    DATA_DIR: dataDir.path,
    DATABASE_URL: database?.databaseUrl,
    LOG_LEVEL: 'warn',
  });
  project.provide('baseUrl', server.url);
  return async () => {
    server.process.kill('SIGTERM');
    const { code } = await server.exited;
    await database?.close();
    dataDir.remove();
    if (code !== 0) throw new Error(`the e2e server exited with ${code}:\n${server.output()}`);
  };
}
