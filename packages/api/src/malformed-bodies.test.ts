// Every write endpoint of the OpenAPI document, sent malformed bodies: a problem document with a 4xx, never a
// 5xx; lone surrogates and deep nesting are refused with a 400 naming the field, and nothing is stored.
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { malformedBodies } from '@stackyard/testing/malformed-bodies';
import { openApiOperations, type Operation } from '@stackyard/testing/openapi-operations';
import { API_BODY_LIMIT } from './plugin.ts';

// `user`, the user calling, with a workspace, `workspaceId`; `writes`, the write operations of the OpenAPI document;
// `send`, a raw request of an operation as the user. One of each for the file.
const test = apiTest()
  .extend('user', { scope: 'file' }, ({ api }) => api.user('malformed_caller'))
  .extend(
    'workspaceId',
    { scope: 'file' },
    async ({ api, user }) =>
      ((await api.as(user).post('/workspaces', { name: 'Malformed' })).json() as { id: string }).id,
  )
  .extend('writes', { scope: 'file' }, async ({ api }) =>
    (await openApiOperations(api.app)).filter(
      (operation) => operation.hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method),
    ),
  )
  .extend(
    'send',
    { scope: 'file' },
    ({ api, user, workspaceId }) =>
      (operation: Operation, contentType: string, payload: string | Buffer) =>
        api.app.inject({
          method: operation.method as 'POST',
          // Every parameter a real workspace's id: the routes run past their lookups where they can.
          url: `/api/v1${operation.path.replace(/\{[A-Za-z]+\}/g, workspaceId)}`,
          headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
          payload,
        }),
  );

describe('malformed bodies', () => {
  test('answers every write endpoint a problem document with a 4xx, never a 5xx', async ({
    writes,
    send,
  }) => {
    expect(writes.length).toBeGreaterThan(20);
    for (const operation of writes) {
      for (const body of malformedBodies(API_BODY_LIMIT)) {
        const response = await send(operation, body.contentType, body.payload);
        const where = `${operation.method} ${operation.path} (${body.name})`;
        expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        problemSchema.parse(response.json());
      }
    }
  });

  test('refuses deep nesting and lone surrogates in any JSON body with a 400 naming the field', async ({
    writes,
    send,
  }) => {
    const json = writes.filter((operation) => operation.jsonBody);
    expect(json.length).toBeGreaterThan(20);
    const cases = [
      {
        payload: `{"name":${'['.repeat(8_000)}${']'.repeat(8_000)}}`,
        detail: `/body/name${'/0'.repeat(31)}: must not nest objects or arrays more than 32 levels deep`,
      },
      {
        payload: '{"metadata":{"name":"ok","tags":["a","b\\ud800"]}}',
        detail:
          '/body/metadata/tags/1: must not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair)',
      },
    ];
    for (const operation of json) {
      for (const { payload, detail } of cases) {
        const response = await send(operation, 'application/json', payload);
        const where = `${operation.method} ${operation.path}`;
        expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBe(400);
        expect(problemSchema.parse(response.json()).detail, where).toBe(detail);
      }
    }
  });

  test('stores no submission whose suggested comment holds a lone surrogate, and no name with one', async ({
    api,
    user,
    workspaceId,
  }) => {
    const submitted = await api.app.inject({
      method: 'POST',
      url: '/api/v1/ingestion/tools',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: `{"workspace_id":"${workspaceId}","submitted_url":"https://example.com/tool","pre_ingestion_extracted_data":{"ingestion_hints":{"suggested_comment":"nice \\ud83d tool"}}}`,
    });
    expect(submitted.statusCode, submitted.body).toBe(400);
    expect(problemSchema.parse(submitted.json()).detail).toBe(
      '/body/pre_ingestion_extracted_data/ingestion_hints/suggested_comment: must not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair)',
    );
    const submissions = await api.as(user).get(`/ingestion/tools/workspace/${workspaceId}`);
    expect(submissions.statusCode).toBe(200);
    expect(JSON.stringify(submissions.json())).not.toContain('example.com/tool');

    // A text column would have taken U+FFFD in its place without a word: refused as well.
    const renamed = await api.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{"name":"Half \\udc00 space"}',
    });
    expect(renamed.statusCode).toBe(400);
    const names = ((await api.as(user).get('/workspaces')).json() as Array<{ name: string }>).map(
      (workspace) => workspace.name,
    );
    expect(names).toEqual(['Malformed']);
  });
});
