import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { appTest } from '@stackyard/testing/app-fixtures';
import { createTestIssuer } from '@stackyard/testing/test-tokens';

const USER_ID = '00000000-0000-4000-8000-00000000c001';
const WORKSPACE_ID = '00000000-0000-4000-8000-00000000c002';

const test = appTest()
  .extend('issuer', { scope: 'file' }, () => createTestIssuer())
  .extend('appOptions', { scope: 'file' }, ({ issuer }) => ({ deps: { verifier: issuer.verifier } }))
  // GET of an API path over real HTTP as the user, who owns a workspace with the project Rocket.
  .extend('get', { scope: 'file' }, async ({ app, db, issuer }) => {
    await db.rows(sql`insert into profiles (identity_id) values (${USER_ID})`);
    await db.rows(sql`insert into usernames (username, identity_id) values ('rocketeer', ${USER_ID})`);
    await db.rows(sql`insert into workspaces (id, owner_id, name, slug)
      values (${WORKSPACE_ID}, ${USER_ID}, 'Typing', 'typing')`);
    await db.rows(sql`insert into workspace_members (workspace_id, user_id, access_role)
      values (${WORKSPACE_ID}, ${USER_ID}, 'admin')`);
    await db.rows(
      sql`insert into projects (workspace_id, slug, name) values (${WORKSPACE_ID}, 'rocket', 'Rocket')`,
    );
    const token = await issuer.sign(USER_ID);
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    return (path: string, signal?: AbortSignal) =>
      fetch(`${baseUrl}/api/v1${path}`, {
        headers: { authorization: `Bearer ${token}` },
        ...(signal ? { signal } : {}),
      });
  });

// On PGlite, whose one connection queues queries, a read asked as something is typed (the palette's search,
// the member picker's user search, the username check) that its client aborted for newer text before the
// read's turn is not run. PostgreSQL runs queries side by side; its pool's queue is tested in
// packages/db/src/abandoned-postgres.test.ts.
describe.skipIf(process.env.TEST_DATABASE_URL)('a type-ahead read its client abandoned', () => {
  test.for([
    {
      read: 'search',
      path: (text: string) => `/search?workspace_id=${WORKSPACE_ID}&q=${text}`,
      answer: [{ kind: 'project', title: 'Rocket' }],
    },
    {
      read: 'user search',
      path: (text: string) => `/users/search?q=${text}`,
      answer: [{ username: 'rocketeer' }],
    },
    {
      read: 'username check',
      path: (text: string) => `/profile/username/check/${text}`,
      answer: { available: true },
    },
  ])(
    '$read: is not run when its turn comes, and the one that superseded it answers',
    async ({ path, answer }, { db, logLines, get }) => {
      const entries = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const received = (url: string) =>
        entries().find((entry) => (entry.req as { url?: string } | undefined)?.url === url);
      // The database is busy with something else while the user types "roc", then "rocket".
      const busy = db.rows(sql`select pg_sleep(1)`);
      const typing = new AbortController();
      const superseded = get(path('roc'), typing.signal);
      // Once the server has it (its query waits behind the busy one), the next letter aborts it.
      await expect.poll(() => received(`/api/v1${path('roc')}`)).toBeDefined();
      typing.abort();
      await expect(superseded).rejects.toThrow();
      const wanted = await get(path('rocket'));
      await busy;

      expect(wanted.status).toBe(200);
      expect(await wanted.json()).toMatchObject(answer);
      const abandoned = received(`/api/v1${path('roc')}`);
      const said = () =>
        entries()
          .filter((entry) => entry.reqId === abandoned?.reqId)
          .map((entry) => entry.msg);
      await expect.poll(said).toContain('the client went away before its query ran');
      expect(said()).not.toContain('request failed');
    },
  );
});
