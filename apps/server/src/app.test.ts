import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect } from 'vitest';
import { AppError, problemSchema } from '@stackyard/contracts/problem';
import { createTestDb } from '@stackyard/db/testing';
import { appTest } from '@stackyard/testing/app-fixtures';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const INDEX_HTML = '<!doctype html><title>stackyard</title><div id="root"></div>';
const HOME_HTML = '<!doctype html><title>stackyard</title><div id="root"><h1>Welcome</h1></div>';
const LOGIN_HTML = '<!doctype html><title>Login · stackyard</title><div id="root"><h1>Login</h1></div>';

const test = appTest({
  web: {
    'index.html': INDEX_HTML,
    'pages/index.html': HOME_HTML,
    'pages/login.html': LOGIN_HTML,
    'assets/app-1234.js': 'console.log(1)',
  },
  routes(app) {
    // Routes that exist only in this test, to drive the error handler the real routes will rely on.
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/v1/test/echo',
      { schema: { body: z.object({ name: z.string().min(1), age: z.number().int() }) } },
      async (request) => request.body,
    );
    typed.get('/api/v1/test/boom', async () => {
      throw new Error('database password is hunter2');
    });
    typed.get('/api/v1/test/conflict', async () => {
      throw new AppError('conflict', 'You cannot delete your last workspace.');
    });
  },
});

function expectProblem(response: { headers: Record<string, unknown>; json(): unknown }, status: number) {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = problemSchema.parse(response.json());
  expect(problem.status).toBe(status);
  expect(problem.request_id).toBe(response.headers['x-request-id']);
  return problem;
}

describe('health', () => {
  test('/healthz answers while the process lives; /readyz when the database answers', async ({ app, db }) => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: db.driver });
  });
});

describe('problem details', () => {
  test('answers an unknown API route with a 404 problem, not the SPA', async ({ app }) => {
    const response = await app.inject('/api/v1/no/such/thing');
    expect(response.statusCode).toBe(404);
    expect(expectProblem(response, 404)).toMatchObject({
      title: 'Not Found',
      code: 'not_found',
      detail: 'No API route matches GET /api/v1/no/such/thing.',
    });
  });

  test('answers every unknown /.well-known/, /oauth/ and /api/ path with a JSON 404, never the SPA', async ({
    app,
  }) => {
    for (const [method, url] of [
      ['GET', '/.well-known/openid-configuration'],
      ['GET', '/oauth/nothing'],
      ['GET', '/.well-known/oauth-authorization-server/mcp'],
      ['GET', '/.well-known'],
      ['GET', '/api'],
      ['GET', '/api/v2/tools'],
      ['HEAD', '/api/nothing?x=1'],
      ['POST', '/.well-known/openid-configuration'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      if (method !== 'HEAD') expect(expectProblem(response, 404).code, url).toBe('not_found');
    }
  });

  test('answers invalid input with a 400 listing each field error', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { name: '', age: 1.5 },
    });
    const problem = expectProblem(response, 400);
    expect(problem.errors?.map((error) => error.pointer).sort()).toEqual(['/body/age', '/body/name']);
    expect(problem.detail).toMatch(/^\/body\/(name|age): /);
  });

  test('answers malformed JSON with a 400 problem', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectProblem(response, 400);
  });

  test('maps a domain error to its status with its detail', async ({ app }) => {
    const problem = expectProblem(await app.inject('/api/v1/test/conflict'), 409);
    expect(problem).toMatchObject({ code: 'conflict', detail: 'You cannot delete your last workspace.' });
  });

  test('masks a 500 and logs it with the request id', async ({ app, logLines }) => {
    const response = await app.inject({ url: '/api/v1/test/boom', headers: { 'x-request-id': 'trace-42' } });
    const problem = expectProblem(response, 500);
    expect(problem.request_id).toBe('trace-42');
    expect(problem.detail).toContain('trace-42');
    expect(response.body).not.toContain('hunter2');
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(logged).toMatchObject({ reqId: 'trace-42', level: 50 });
    expect(logged.err.message).toContain('hunter2');
  });

  test('replaces a request id that is not sane', async ({ app }) => {
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('web app', () => {
  test('serves the SPA for any page path, so its router shows 404 Not Found', async ({ app }) => {
    for (const url of ['/about', '/no/such/page', '/alice/main/tools?sort=name']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  test('serves a page the build prerendered with its first screen, except a login flow', async ({ app }) => {
    const pages = {
      '/': HOME_HTML,
      '/?ref=x': HOME_HTML,
      '/login': LOGIN_HTML,
      '/login?return_to=%2Fsave': LOGIN_HTML,
    };
    for (const [url, html] of Object.entries(pages)) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(html);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject('/login?flow=abc')).body).toBe(INDEX_HTML);
    expect((await app.inject('/login/other')).body).toBe(INDEX_HTML);
  });

  test('sends security headers with a CSP the built SPA works under', async ({ app }) => {
    const response = await app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Images only from the app itself: icons and previews are its own copies (/api/v1/media).
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('caches hashed assets for a year and answers a missing asset with 404, not HTML', async ({ app }) => {
    const asset = await app.inject('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject('/assets/app-9999.js');
    expectProblem(missing, 404);
  });

  test('answers 404 for a non-GET request to a page path', async ({ app }) => {
    expectProblem(await app.inject({ method: 'POST', url: '/about' }), 404);
  });
});

describe('readiness when the database is gone', () => {
  test('answers 503 once the database stops answering', async ({ web }) => {
    const other = await createTestDb();
    const lonely = await buildApp(loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'silent' }), { db: other });
    await other.close();
    const response = await lonely.inject('/readyz');
    expectProblem(response, 503);
    await lonely.close();
  });
});

describe('roles', () => {
  test('--role identity serves the identity API alone; --role api everything but it', async ({ db, web }) => {
    const identityOnly = await buildApp(
      loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'silent', ROLE: 'identity' }),
      {
        db,
      },
    );
    const apiOnly = await buildApp(loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'silent', ROLE: 'api' }), {
      db,
    });
    try {
      expect((await identityOnly.inject('/.ory/.well-known/jwks.json')).statusCode).toBe(200);
      expectProblem(await identityOnly.inject('/api/v1/profile'), 404);
      expectProblem(await identityOnly.inject('/dashboard'), 404);

      expect((await apiOnly.inject('/.ory/.well-known/jwks.json')).statusCode).toBe(404);
      expectProblem(await apiOnly.inject('/api/v1/profile'), 401);
      expect((await apiOnly.inject('/dashboard')).body).toBe(INDEX_HTML);
    } finally {
      await identityOnly.close();
      await apiOnly.close();
    }
  });
});

describe('client address behind a proxy', () => {
  test('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async ({ db, web }) => {
    const routes = (app: FastifyInstance) =>
      app.get('/api/v1/test/ip', async (request) => ({ ip: request.ip }));
    const direct = await buildApp(loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'silent' }), { db });
    const proxied = await buildApp(
      loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' }),
      { db },
    );
    routes(direct);
    routes(proxied);
    const request = {
      url: '/api/v1/test/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    };
    try {
      expect((await direct.inject(request)).json()).toEqual({ ip: '127.0.0.1' });
      expect((await proxied.inject(request)).json()).toEqual({ ip: '203.0.113.9' });
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
