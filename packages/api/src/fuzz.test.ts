// Property: whatever the body, parameters, query or content type, the API answers a problem, never a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { startFakeGithub, type FakeGithub } from '@stackyard/store/testing/fake-github';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { createHarness, type Harness, type TestUser } from '@stackyard/testing/harness';
import { openApiOperations } from '@stackyard/testing/openapi-operations';

let h: Harness;
let github: FakeGithub;
let caller: TestUser;
const realIds: string[] = [];

beforeAll(async () => {
  // Storage configured against the local fake GitHub, so the store routes run for real (unconfigured they
  // answer 503 on purpose).
  github = await startFakeGithub();
  github.addRepository('acme/stack');
  github.addInstallation(7, 'acme', ['acme/stack']);
  h = await createHarness({
    env: {
      GITHUB_APP_ID: github.app.appId,
      GITHUB_APP_PRIVATE_KEY: github.app.privateKey,
      GITHUB_APP_SLUG: 'stackyard-fuzz',
      GITHUB_APP_CLIENT_ID: github.app.clientId,
      GITHUB_APP_CLIENT_SECRET: github.app.clientSecret,
      GITHUB_API_URL: github.url,
      GITHUB_WEB_URL: github.url,
    },
  });
  caller = await h.user('fuzz_caller');
  const other = await h.user('fuzz_other');
  for (const name of ['One', 'Two', 'Three']) {
    const created = await h.as(caller).post('/workspaces', { name });
    realIds.push((created.json() as { id: string }).id);
  }
  realIds.push(caller.id, other.id);
  // A catalog in the first workspace, so item routes reach their services and not only the 404 path.
  const workspaceId = realIds[0] ?? '';
  const tool = await seedTool(h.db.db, { workspaceId, url: 'https://vite.dev', slug: 'vite', name: 'Vite' });
  const resourceId = await seedResource(h.db.db, { workspaceId, url: 'https://example.com/a', title: 'A' });
  const project = await h
    .as(caller)
    .post('/projects', { workspace_id: workspaceId, metadata: { name: 'P' } });
  const tag = await h
    .as(caller)
    .post('/tags', { workspace_id: workspaceId, tag_name: 't', color: '#000000' });
  const comment = await h.as(caller).post(`/projects/${(project.json() as { id: string }).id}/comments`, {
    content: 'c',
  });
  for (const response of [project, tag, comment]) realIds.push((response.json() as { id: string }).id);
  realIds.push(tool.workspaceToolId, resourceId);
});

afterAll(async () => {
  const mismatches = await h.mismatches();
  await h.close();
  await github.close();
  expect(mismatches).toEqual([]);
});

function operations() {
  return openApiOperations(h.app);
}

const segment = fc.oneof(
  fc.uuid(),
  fc.constantFrom(...['', 'a', 'null', '..', '%00', 'fuzz_caller', '00000000-0000-0000-0000-000000000000']),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
);

const fieldValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    'admin',
    'editor',
    'viewer',
    'https://example.com/a.png',
    'javascript:x',
    'new_name',
    '#abcdef',
  ),
  fc.constantFrom({ rating: 3 }, { rating: 9 }, { name: 'N' }, { name: '' }, [], ['x']),
  fc.jsonValue({ maxDepth: 2 }),
);
const knownFields = [
  'name',
  'slug',
  'description',
  'display_name',
  'bio',
  'avatar_url',
  'username',
  'role',
  'new_role',
  'workspace_id',
  'metadata',
  'context',
  'content',
  'tool_ids',
  'tag_name',
  'color',
  'criteria',
  'submitted_url',
  'pre_ingestion_extracted_data',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...knownFields), fieldValue, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 60 }).map((text) => ({ raw: text })),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'recent',
    'name',
    'rating',
    '0',
    '100',
    '101',
    '-1',
    'WyJyZWNlbnQiLCJ4IiwieSJd',
    'a & b | !c',
  ),
);
const query = fc.oneof(
  fc.dictionary(
    fc.constantFrom('q', 'limit', 'x', 'q[]', 'cursor', 'sort', 'tag', 'workspace_id'),
    queryValue,
    { maxKeys: 4 },
  ),
  // A real workspace, so list and search routes run their queries with the random rest.
  fc
    .record({ q: fc.string({ maxLength: 40 }), cursor: queryValue, sort: queryValue, limit: queryValue })
    .map((params) => ({ ...params, workspace_id: realIds[0] ?? '' })),
);

it('never answers 5xx to random input on any route', async () => {
  const all = await operations();
  expect(all.length).toBeGreaterThanOrEqual(10);
  for (const operation of all) {
    const credentials: Record<string, Record<string, string>> = {
      valid: { authorization: `Bearer ${caller.token}` },
      none: {},
      garbage: { authorization: 'Bearer x.y.z', cookie: 'user_jwt=%E0%A4%A' },
      cookie: { cookie: `user_jwt=${caller.token}` },
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(segment, fc.constantFrom(...realIds)), { minLength: 3, maxLength: 3 }),
        body,
        contentType,
        query,
        fc.boolean(),
        fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage', 'cookie'),
        async (segments, payload, type, params, rawBody, credential) => {
          let index = 0;
          const path = operation.path.replace(/\{[A-Za-z]+\}/g, () =>
            encodeURIComponent(segments[index++] ?? ''),
          );
          const search = new URLSearchParams(params).toString();
          const raw = 'raw' in (typeof payload === 'object' && payload !== null ? payload : {});
          const response = await h.app.inject({
            method: operation.method as 'GET',
            url: `/api/v1${path}${search ? `?${search}` : ''}`,
            headers: { ...credentials[credential], 'content-type': type },
            ...(operation.hasBody
              ? { payload: rawBody || raw ? JSON.stringify(payload).slice(1) : JSON.stringify(payload) }
              : {}),
          });
          expect(response.statusCode, `${operation.method} ${path}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) problemSchema.parse(response.json());
        },
      ),
      { numRuns: 150 },
    );
  }
  // 150 inputs for every route: the time grows with the routes, past the default on a loaded machine.
}, 240_000);

it('refuses a NUL character anywhere in params, query or JSON body with a 400 naming the field', async () => {
  const secret = 'private words';
  const all = await operations();
  const workspaceId = realIds[0] ?? '';
  let checked = 0;
  for (const operation of all) {
    const names = [...operation.path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1] ?? '');
    const variants: Array<{ pointer: string; url: string; body?: unknown }> = [];
    const path = (nulIn?: string) =>
      operation.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) =>
        encodeURIComponent(name === nulIn ? `${secret}\u0000` : workspaceId),
      );
    for (const name of names) variants.push({ pointer: `/params/${name}`, url: path(name) });
    variants.push({ pointer: '/query/q', url: `${path()}?q=${encodeURIComponent(`${secret}\u0000`)}` });
    if (operation.jsonBody) {
      variants.push({
        pointer: '/body/metadata/tags/1',
        url: path(),
        body: { name: 'fine', metadata: { tags: ['ok', `${secret}\u0000`] } },
      });
    }
    for (const variant of variants) {
      const response = await h.app.inject({
        method: operation.method as 'GET',
        url: `/api/v1${variant.url}`,
        headers: {
          authorization: `Bearer ${caller.token}`,
          ...(operation.hasBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(operation.hasBody ? { payload: JSON.stringify(variant.body ?? {}) } : {}),
      });
      const where = `${operation.method} ${variant.url}`;
      expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
      const problem = problemSchema.parse(response.json());
      expect(problem.detail, where).toBe(`${variant.pointer}: must not contain the NUL character (\\u0000)`);
      expect(response.body, where).not.toContain(secret);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(100);
});

it('stores nothing when a submitted URL or a workspace name carries a NUL character', async () => {
  const workspaceId = realIds[0] ?? '';
  const submitted = await h.as(caller).post('/ingestion/tools', {
    workspace_id: workspaceId,
    submitted_url: 'https://example.com/\u0000tool',
  });
  expect(submitted.statusCode).toBe(400);
  expect((submitted.json() as { detail: string }).detail).toBe(
    '/body/submitted_url: must not contain the NUL character (\\u0000)',
  );
  const created = await h.as(caller).post('/workspaces', { name: 'Nul\u0000space' });
  expect(created.statusCode).toBe(400);
  const names = ((await h.as(caller).get('/workspaces')).json() as Array<{ name: string }>).map(
    (workspace) => workspace.name,
  );
  expect(names.some((name) => name.startsWith('Nul'))).toBe(false);
});
