// The identity service as the server mounts it: under /.ory, configured from the environment, answering
// its errors in the Kratos envelope and logging them with the request id.
import { describe, expect } from 'vitest';
import { appTest } from '@stackyard/testing/app-fixtures';
import { ConfigError, identitySettings, loadConfig } from './config.ts';

const test = appTest({ env: { WEB_DIST_DIR: '/nonexistent' } });

describe('identity service under /.ory', () => {
  test('answers whoami without a session with the Kratos 401 envelope, not problem details', async ({
    app,
  }) => {
    const response = await app.inject({
      url: '/.ory/sessions/whoami',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: {
        code: 401,
        status: 'Unauthorized',
        request: response.headers['x-request-id'],
        reason: 'No valid session credentials found in the request.',
        message: 'The request could not be authorized',
      },
    });
  });

  test('builds flow URLs on the public URL, and logs a flow error with the request id', async ({
    app,
    logLines,
  }) => {
    const created = await app.inject({
      url: '/.ory/self-service/login/browser',
      headers: { accept: 'application/json' },
    });
    const flow = created.json() as { id: string; ui: { action: string } };
    expect(flow.ui.action).toBe(`http://localhost:3000/.ory/self-service/login?flow=${flow.id}`);
    const rejected = await app.inject({
      method: 'POST',
      url: `/.ory/self-service/login?flow=${flow.id}`,
      headers: { accept: 'application/json', 'x-request-id': 'csrf-trace-1' },
      payload: { method: 'password', identifier: 'a@example.com', password: 'whatever you like' },
    });
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json()).toMatchObject({
      error: { id: 'security_csrf_violation', request: 'csrf-trace-1' },
    });
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'identity flow error');
    expect(logged).toMatchObject({ reqId: 'csrf-trace-1', status: 403, errorId: 'security_csrf_violation' });
  });

  test('publishes the JWKS', async ({ app }) => {
    const response = await app.inject('/.ory/.well-known/jwks.json');
    expect(response.json()).toMatchObject({ keys: [{ kty: 'OKP', alg: 'EdDSA', use: 'sig' }] });
  });
});

describe('identity settings', () => {
  test('has defaults for everything, so a bare start works', () => {
    const settings = identitySettings(loadConfig({}));
    expect(settings).toMatchObject({
      publicUrl: 'http://localhost:3000/.ory',
      ui: { login: 'http://localhost:3000/login', verification: 'http://localhost:3000/verify' },
      sessionLifespanSeconds: 86_400,
      tokenizeTemplate: 'stackyard',
      smtpUrl: undefined,
      oidcProviders: [],
    });
    expect(settings.argon2.memoryCost).toBeGreaterThanOrEqual(65_536);
  });

  test('takes the public URLs, GitHub and other OpenID Connect providers from the environment', () => {
    const settings = identitySettings(
      loadConfig({
        PUBLIC_URL: 'https://stackyard.example/',
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 'secret',
        IDENTITY_OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'google',
            issuer: 'https://accounts.google.com',
            client_id: 'g',
            client_secret: 's',
            label: 'Google',
          },
        ]),
      }),
    );
    expect(settings.publicUrl).toBe('https://stackyard.example/.ory');
    expect(settings.oidcProviders.map((provider) => [provider.id, provider.kind])).toEqual([
      ['github', 'github'],
      ['google', 'generic'],
    ]);
  });

  test('names a bad identity variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail', IDENTITY_OIDC_PROVIDERS: '[{' })).toThrowError(
      ConfigError,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrowError(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    expect(() => loadConfig({ IDENTITY_OIDC_PROVIDERS: '[{' })).toThrowError(
      /IDENTITY_OIDC_PROVIDERS: must be a JSON list/,
    );
  });
});
