// Property: whatever the body, parameters, query or content type, the API answers a problem, never a 5xx.
import fc from 'fast-check';
import { expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { githubTest } from '@stackyard/testing/github-api';
import { openApiOperations } from '@stackyard/testing/openapi-operations';

// Storage configured against the local fake GitHub, so the store routes run for real (unconfigured they
// answer 503 on purpose). `user`, the user calling; `realIds`, the ids of what exists: the user's three
// workspaces, that user and another, and a catalog in the first workspace. One of each for the file.
const test = githubTest((fake) => {
  fake.addRepository('acme/stack');
  fake.addInstallation(7, 'acme', ['acme/stack']);
})
  .extend('user', { scope: 'file' }, ({ api }) => api.user('fuzz_caller'))
  .extend('realIds', { scope: 'file' }, async ({ api, user }) => {
    const realIds: string[] = [];
    const other = await api.user('fuzz_other');
    for (const name of ['One', 'Two', 'Three']) {
      const created = await api.as(user).post('/workspaces', { name });
      realIds.push((created.json() as { id: string }).id);
    }
    realIds.push(user.id, other.id);
    // A catalog in the first workspace, so item routes reach their services and not only the 404 path.
    const workspaceId = realIds[0] ?? '';
    const tool = await seedTool(api.db.db, {
      workspaceId,
      url: 'https://vite.dev',
      slug: 'vite',
      name: 'Vite',
    });
    const resourceId = await seedResource(api.db.db, {
      workspaceId,
      url: 'https://example.com/a',
      title: 'A',
    });
    const project = await api
      .as(user)
      .post('/projects', { workspace_id: workspaceId, metadata: { name: 'P' } });
    const tag = await api
      .as(user)
      .post('/tags', { workspace_id: workspaceId, tag_name: 't', color: '#000000' });
    const comment = await api.as(user).post(`/projects/${(project.json() as { id: string }).id}/comments`, {
      content: 'c',
    });
    for (const response of [project, tag, comment]) realIds.push((response.json() as { id: string }).id);
    realIds.push(tool.workspaceToolId, resourceId);
    return realIds;
  });

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
const query = (workspaceId: string) =>
  fc.oneof(
    fc.dictionary(
      fc.constantFrom('q', 'limit', 'x', 'q[]', 'cursor', 'sort', 'tag', 'workspace_id'),
      queryValue,
      { maxKeys: 4 },
    ),
    // A real workspace, so list and search routes run their queries with the random rest.
    fc
      .record({ q: fc.string({ maxLength: 40 }), cursor: queryValue, sort: queryValue, limit: queryValue })
      .map((params) => ({ ...params, workspace_id: workspaceId })),
  );

test('never answers 5xx to random input on any route', async ({ api, user, realIds }) => {
  const all = await openApiOperations(api.app);
  expect(all.length).toBeGreaterThanOrEqual(10);
  for (const operation of all) {
    const credentials: Record<string, Record<string, string>> = {
      valid: { authorization: `Bearer ${user.token}` },
      none: {},
      garbage: { authorization: 'Bearer x.y.z', cookie: 'user_jwt=%E0%A4%A' },
      cookie: { cookie: `user_jwt=${user.token}` },
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(segment, fc.constantFrom(...realIds)), { minLength: 3, maxLength: 3 }),
        body,
        contentType,
        query(realIds[0] ?? ''),
        fc.boolean(),
        fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage', 'cookie'),
        async (segments, payload, type, params, rawBody, credential) => {
          let index = 0;
          const path = operation.path.replace(/\{[A-Za-z]+\}/g, () =>
            encodeURIComponent(segments[index++] ?? ''),
          );
          const search = new URLSearchParams(params).toString();
          const raw = 'raw' in (typeof payload === 'object' && payload !== null ? payload : {});
          const response = await api.app.inject({
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

test('refuses a NUL character anywhere in params, query or JSON body with a 400 naming the field', async ({
  api,
  user,
  realIds,
}) => {
  const secret = 'private words';
  const all = await openApiOperations(api.app);
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
      const response = await api.app.inject({
        method: operation.method as 'GET',
        url: `/api/v1${variant.url}`,
        headers: {
          authorization: `Bearer ${user.token}`,
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

test('stores nothing when a submitted URL or a workspace name carries a NUL character', async ({
  api,
  user,
  realIds,
}) => {
  const workspaceId = realIds[0] ?? '';
  const submitted = await api.as(user).post('/ingestion/tools', {
    workspace_id: workspaceId,
    submitted_url: 'https://example.com/\u0000tool',
  });
  expect(submitted.statusCode).toBe(400);
  expect((submitted.json() as { detail: string }).detail).toBe(
    '/body/submitted_url: must not contain the NUL character (\\u0000)',
  );
  const created = await api.as(user).post('/workspaces', { name: 'Nul\u0000space' });
  expect(created.statusCode).toBe(400);
  const names = ((await api.as(user).get('/workspaces')).json() as Array<{ name: string }>).map(
    (workspace) => workspace.name,
  );
  expect(names.some((name) => name.startsWith('Nul'))).toBe(false);
});
