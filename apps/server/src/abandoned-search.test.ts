import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@stackyard/db/testing';
import { tempDir } from '@stackyard/testing/processes';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const USER_ID = '00000000-0000-4000-8000-00000000c001';
const WORKSPACE_ID = '00000000-0000-4000-8000-00000000c002';

// On PGlite, whose one connection queues queries, a search its client aborted (the palette, for newer text)
// before the search's turn is not run. PostgreSQL runs queries side by side and runs every search.
describe.skipIf(process.env.TEST_DATABASE_URL)('a search its client abandoned', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: FastifyInstance;
  let baseUrl: string;
  let token: string;
  const web = tempDir('stackyard-web');
  const logLines: string[] = [];
  const search = (q: string, signal?: AbortSignal) =>
    fetch(`${baseUrl}/api/v1/search?workspace_id=${WORKSPACE_ID}&q=${q}`, {
      headers: { authorization: `Bearer ${token}` },
      ...(signal ? { signal } : {}),
    });

  beforeAll(async () => {
    db = await createTestDb();
    await db.rows(sql`insert into profiles (identity_id) values (${USER_ID})`);
    await db.rows(sql`insert into usernames (username, identity_id) values ('typist', ${USER_ID})`);
    await db.rows(sql`insert into workspaces (id, owner_id, name, slug)
      values (${WORKSPACE_ID}, ${USER_ID}, 'Typing', 'typing')`);
    await db.rows(sql`insert into workspace_members (workspace_id, user_id, access_role)
      values (${WORKSPACE_ID}, ${USER_ID}, 'admin')`);
    await db.rows(
      sql`insert into projects (workspace_id, slug, name) values (${WORKSPACE_ID}, 'rocket', 'Rocket')`,
    );
    const issuer = await createTestIssuer();
    token = await issuer.sign(USER_ID);
    app = await buildApp(loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'info' }), {
      db,
      verifier: issuer.verifier,
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app.close();
    await db.close();
    web.remove();
  });

  it('is not run when its turn comes, and the search that superseded it answers', async () => {
    // The database is busy with something else while the user types "ro", then "rocket".
    const busy = db.rows(sql`select pg_sleep(0.5)`);
    const palette = new AbortController();
    const superseded = search('ro', palette.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    palette.abort();
    await expect(superseded).rejects.toThrow();
    const wanted = await search('rocket');
    await busy;

    expect(wanted.status).toBe(200);
    expect(await wanted.json()).toMatchObject([{ kind: 'project', title: 'Rocket' }]);
    const entries = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const abandoned = entries().find((entry) =>
      (entry.req as { url?: string } | undefined)?.url?.endsWith('q=ro'),
    );
    expect(abandoned).toBeDefined();
    const said = () =>
      entries()
        .filter((entry) => entry.reqId === abandoned?.reqId)
        .map((entry) => entry.msg);
    await expect.poll(said).toContain('the client went away before its query ran');
    expect(said()).not.toContain('request failed');
  });
});
