import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { registerApiDocs } from './openapi.ts';
import { productApi } from './plugin.ts';
import { apiTest } from '@stackyard/testing/api-fixtures';

const test = apiTest();

describe('OpenAPI document', () => {
  test('is OpenAPI 3.1 with every credential, served as JSON', async ({ api }) => {
    const response = await api.app.inject('/api/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as Record<string, unknown>;
    expect(document).toMatchObject({
      openapi: '3.1.0',
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'user_jwt' },
          bearer: { type: 'http', scheme: 'bearer' },
          accessToken: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ sessionCookie: [] }, { bearer: [] }, { accessToken: [] }],
    });
    // Only the product API: no health checks, identity routes or SPA pages.
    expect(Object.keys(document.paths as object).every((path) => path.startsWith('/api/v1'))).toBe(true);
  });

  test('holds every route the API plugin registers, with the method and its responses', async ({ api }) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const routes: string[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    });
    await registerApiDocs(app, { prefix: '/api/v1' });
    await app.register(productApi, {
      prefix: '/api/v1',
      db: api.db.db,
      verifier: api.issuer.verifier,
    });
    await app.ready();
    const document = (await app.inject('/api/docs/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const route of routes) {
      const [method = '', url = ''] = route.split(' ');
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = (document.paths[path] ?? document.paths[`${path}/`])?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      const statuses = Object.keys(operation?.responses ?? {});
      expect(
        statuses.some((status) => status.startsWith('2')),
        route,
      ).toBe(true);
    }
    await app.close();
  });

  it('builds the document again on the next request after a build failed', async () => {
    const app = Fastify({ logger: false });
    await registerApiDocs(app, { prefix: '/api/v1' });
    let broken = true;
    app.get(
      '/api/v1/flaky',
      {
        schema: {
          get description() {
            if (broken) throw new Error('not describable yet');
            return 'A route whose description can be read once it is fixed';
          },
        },
      },
      () => 'ok',
    );
    await app.ready();
    expect((await app.inject('/api/docs/openapi.json')).statusCode).toBe(500);
    broken = false;
    const response = await app.inject('/api/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      paths: {
        '/api/v1/flaky': { get: { description: 'A route whose description can be read once it is fixed' } },
      },
    });
    await app.close();
  });

  test("documents link health: its routes, and the health of a tool's and a resource's answer", async ({
    api,
  }) => {
    const document = (await api.app.inject('/api/docs/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    expect(Object.keys(document.paths['/api/v1/workspaces/{id}/health']?.get?.responses ?? {})).toContain(
      '200',
    );
    expect(
      Object.keys(document.paths['/api/v1/workspaces/{id}/health-check']?.post?.responses ?? {}),
    ).toContain('202');
    for (const item of ['/api/v1/tools/workspace/{toolId}', '/api/v1/resources/{id}']) {
      expect(Object.keys(document.paths[`${item}/health-check`]?.post?.responses ?? {})).toContain('200');
      expect(Object.keys(document.paths[`${item}/health/keep`]?.post?.responses ?? {})).toContain('409');
      const answer = JSON.stringify(document.paths[item]?.get?.responses['200']?.content);
      for (const field of ['health', 'checked_at', 'http_status', 'moved_to'])
        expect(answer).toContain(field);
    }
  });

  test('renders a readable page at /api/docs that needs no script', async ({ api }) => {
    const response = await api.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('PUT /api/v1/workspaces/{id}/members/{userId}/role');
    expect(response.body).not.toContain('<script');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
