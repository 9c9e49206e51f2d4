// Hostile bodies at the identity service's door: lone surrogates, deep nesting and malformed bytes are refused
// with a 400 naming the field (the Kratos envelope), never a 500, and the flows keep working afterwards.
import { describe, expect } from 'vitest';
import { malformedBodies, nestedJson } from '@stackyard/testing/malformed-bodies';
import { csrfOf, frontendApi, type IdentityTestServer } from './testing.ts';
import { it } from './testing/fixtures.ts';

type FlowKind = 'login' | 'registration' | 'recovery' | 'verification';

/** A fresh browser flow of that kind and a function posting a raw body to it with the flow's cookies. */
async function browserFlow(server: IdentityTestServer, kind: FlowKind) {
  const { api, jar } = frontendApi(server.basePath);
  const flow =
    kind === 'login'
      ? await api.createBrowserLoginFlow()
      : kind === 'registration'
        ? await api.createBrowserRegistrationFlow()
        : kind === 'recovery'
          ? await api.createBrowserRecoveryFlow()
          : await api.createBrowserVerificationFlow();
  const post = async (body: string | Buffer, contentType = 'application/json') => {
    const response = await jar.fetch(`${server.basePath}/self-service/${kind}?flow=${flow.id}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': contentType },
      body,
    });
    const text = await response.text();
    return { status: response.status, text };
  };
  return { csrf: csrfOf(flow), post };
}

function reasonOf(text: string): string | undefined {
  return (JSON.parse(text) as { error?: { reason?: string } }).error?.reason;
}

describe('lone UTF-16 surrogates', () => {
  it('refuses them in the login identifier, registration and recovery e-mail with a 400 naming the field', async ({
    server,
  }) => {
    // JSON's escape, as a client would send it: JSON.stringify keeps a lone surrogate escaped.
    const lone = 'a\\ud800b@example.com';
    const cases: Array<{ kind: FlowKind; body: (csrf: string) => string; pointer: string }> = [
      {
        kind: 'login',
        body: (csrf) => `{"method":"password","identifier":"${lone}","password":"x","csrf_token":"${csrf}"}`,
        pointer: '/body/identifier',
      },
      {
        kind: 'registration',
        body: (csrf) =>
          `{"method":"password","traits":{"email":"${lone}"},"password":"a long unusual passphrase","csrf_token":"${csrf}"}`,
        pointer: '/body/traits/email',
      },
      {
        kind: 'recovery',
        body: (csrf) => `{"method":"code","email":"${lone}","csrf_token":"${csrf}"}`,
        pointer: '/body/email',
      },
      {
        kind: 'verification',
        body: (csrf) => `{"method":"code","email":"a\\udc00@example.com","csrf_token":"${csrf}"}`,
        pointer: '/body/email',
      },
    ];
    for (const { kind, body, pointer } of cases) {
      const flow = await browserFlow(server, kind);
      const answer = await flow.post(body(flow.csrf));
      expect(answer.status, `${kind}: ${answer.text}`).toBe(400);
      expect(reasonOf(answer.text), kind).toBe(
        `${pointer}: must not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair)`,
      );
    }
    // A surrogate pair (an emoji) is text like any other: the login answers as for any wrong identifier.
    const flow = await browserFlow(server, 'login');
    const paired = await flow.post(
      `{"method":"password","identifier":"\\ud83d\\ude00@example.com","password":"x","csrf_token":"${flow.csrf}"}`,
    );
    expect(paired.status).toBe(400);
    expect(reasonOf(paired.text)).toBeUndefined();
  });
});

describe('deep nesting', () => {
  it('answers 8,000 levels with a 400 naming where the nesting goes too deep, and still signs in', async ({
    server,
    user,
  }) => {
    for (const kind of ['login', 'registration', 'recovery', 'verification'] as const) {
      const flow = await browserFlow(server, kind);
      const answer = await flow.post(`{"method":"password","traits":${nestedJson(8_000)}}`);
      expect(answer.status, `${kind}: ${answer.text}`).toBe(400);
      expect(reasonOf(answer.text), kind).toBe(
        `/body/traits${'/a'.repeat(31)}: must not nest objects or arrays more than 32 levels deep`,
      );
    }
    const flow = await browserFlow(server, 'login');
    const signedIn = await flow.post(
      JSON.stringify({
        method: 'password',
        identifier: user.email,
        password: user.password,
        csrf_token: flow.csrf,
      }),
    );
    expect(signedIn.status).toBe(200);
  });
});

describe('malformed bodies', () => {
  // Fastify's default limit: the identity service takes small forms only.
  const BODY_LIMIT = 1024 * 1024;

  it('answers every write endpoint an error envelope with a 4xx, never a 5xx', async ({
    server,
    browser: { api, jar },
  }) => {
    const flows = {
      login: (await api.createBrowserLoginFlow()).id,
      registration: (await api.createBrowserRegistrationFlow()).id,
      recovery: (await api.createBrowserRecoveryFlow()).id,
      verification: (await api.createBrowserVerificationFlow()).id,
    };
    const writes = [
      ...Object.entries(flows).map(([kind, id]) => ({
        method: 'POST',
        path: `/self-service/${kind}?flow=${id}`,
      })),
      { method: 'POST', path: '/self-service/settings?flow=00000000-0000-0000-0000-000000000000' },
      { method: 'POST', path: '/self-service/methods/oidc/callback/github' },
      { method: 'DELETE', path: '/sessions' },
      { method: 'DELETE', path: '/self-service/logout/api' },
    ];
    for (const { method, path } of writes) {
      for (const body of malformedBodies(BODY_LIMIT)) {
        const response = await jar.fetch(`${server.basePath}${path}`, {
          method,
          headers: { accept: 'application/json', 'content-type': body.contentType },
          body: body.payload,
        });
        const text = await response.text();
        const where = `${method} ${path} (${body.name}): ${text.slice(0, 300)}`;
        expect(response.status, where).toBeGreaterThanOrEqual(400);
        expect(response.status, where).toBeLessThan(500);
        expect((JSON.parse(text) as { error?: { code?: number } }).error?.code, where).toBe(response.status);
      }
    }
  });

  it('refuses a JSON body that is not UTF-8 rather than reading U+FFFD into the e-mail', async ({
    server,
  }) => {
    const flow = await browserFlow(server, 'registration');
    const answer = await flow.post(
      Buffer.concat([
        Buffer.from('{"method":"password","traits":{"email":"caf'),
        Buffer.from([0xe9]),
        Buffer.from(`@example.com"},"password":"a long unusual passphrase","csrf_token":"${flow.csrf}"}`),
      ]),
    );
    expect(answer.status, answer.text).toBe(400);
    expect(reasonOf(answer.text)).toBe('/body: must be valid UTF-8');
  });
});
