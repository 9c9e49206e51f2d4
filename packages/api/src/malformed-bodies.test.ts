// Every write endpoint of the OpenAPI document, sent malformed bodies: a problem document with a 4xx, never a
// 5xx; lone surrogates and deep nesting are refused with a 400 naming the field, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { createHarness, type Harness, type TestUser } from '@stackyard/testing/harness';
import { malformedBodies } from '@stackyard/testing/malformed-bodies';
import { openApiOperations, type Operation } from '@stackyard/testing/openapi-operations';
import { API_BODY_LIMIT } from './plugin.ts';

let h: Harness;
let caller: TestUser;
let workspaceId: string;
let writes: Operation[];

beforeAll(async () => {
  h = await createHarness();
  caller = await h.user('malformed_caller');
  workspaceId = ((await h.as(caller).post('/workspaces', { name: 'Malformed' })).json() as { id: string }).id;
  writes = (await openApiOperations(h.app)).filter(
    (operation) => operation.hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method),
  );
});

afterAll(async () => {
  await h.closeChecked();
});

function send(operation: Operation, contentType: string, payload: string | Buffer) {
  return h.app.inject({
    method: operation.method as 'POST',
    // Every parameter a real workspace's id: the routes run past their lookups where they can.
    url: `/api/v1${operation.path.replace(/\{[A-Za-z]+\}/g, workspaceId)}`,
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': contentType },
    payload,
  });
}

describe('malformed bodies', () => {
  it('answers every write endpoint a problem document with a 4xx, never a 5xx', async () => {
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

  it('refuses deep nesting and lone surrogates in any JSON body with a 400 naming the field', async () => {
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

  it('stores no submission whose suggested comment holds a lone surrogate, and no name with one', async () => {
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/api/v1/ingestion/tools',
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
      payload: `{"workspace_id":"${workspaceId}","submitted_url":"https://example.com/tool","pre_ingestion_extracted_data":{"ingestion_hints":{"suggested_comment":"nice \\ud83d tool"}}}`,
    });
    expect(submitted.statusCode, submitted.body).toBe(400);
    expect(problemSchema.parse(submitted.json()).detail).toBe(
      '/body/pre_ingestion_extracted_data/ingestion_hints/suggested_comment: must not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair)',
    );
    const submissions = await h.as(caller).get(`/ingestion/tools/workspace/${workspaceId}`);
    expect(submissions.statusCode).toBe(200);
    expect(JSON.stringify(submissions.json())).not.toContain('example.com/tool');

    // A text column would have taken U+FFFD in its place without a word: refused as well.
    const renamed = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
      payload: '{"name":"Half \\udc00 space"}',
    });
    expect(renamed.statusCode).toBe(400);
    const names = ((await h.as(caller).get('/workspaces')).json() as Array<{ name: string }>).map(
      (workspace) => workspace.name,
    );
    expect(names).toEqual(['Malformed']);
  });
});
