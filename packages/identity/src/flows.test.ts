// One test per rule of the identity flows: each drives the SDK (or, for browser-form mode, plain form posts).
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { identityCredentials, identityFlows } from '@stackyard/db/schema';
import { createIdentity } from './identities.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import {
  createCookieJar,
  csrfOf,
  failure,
  frontendApi,
  startIdentityServer,
  type IdentityTestServer,
} from './testing.ts';
import { it } from './testing/fixtures.ts';

const PASSWORD = 'a sturdy passphrase 42';

/** A fresh browser's password login or sign-up, expected to be refused: the answer's status and body. */
async function refused(
  server: IdentityTestServer,
  kind: 'login' | 'registration',
  email: string,
  password: string,
) {
  const { api } = frontendApi(server.basePath);
  if (kind === 'login') {
    const flow = await api.createBrowserLoginFlow();
    const body = { method: 'password' as const, identifier: email, password, csrf_token: csrfOf(flow) };
    return failure(api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: body }));
  }
  const flow = await api.createBrowserRegistrationFlow();
  const body = { method: 'password' as const, traits: { email }, password, csrf_token: csrfOf(flow) };
  return failure(api.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: body }));
}

/** The login form's fields for the user's right e-mail and password. */
const passwordLogin = (user: { email: string; password: string }) => ({
  method: 'password' as const,
  identifier: user.email,
  password: user.password,
});

function passwordMessages(body: Record<string, unknown>): number[] {
  const ui = body.ui as { nodes: Array<{ attributes: { name?: string }; messages: Array<{ id: number }> }> };
  return (
    ui.nodes.find((node) => node.attributes.name === 'password')?.messages.map((message) => message.id) ?? []
  );
}

describe('login', () => {
  it('answers a wrong password with 400 and 4000006, keeping the identifier and dropping the password', async ({
    server,
    user,
  }) => {
    const { status, body } = await refused(server, 'login', user.email, 'not the password');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      state: 'choose_method',
      ui: { messages: [{ id: 4000006, type: 'error' }] },
    });
    const nodes = (body.ui as { nodes: Array<{ attributes: { name?: string; value?: unknown } }> }).nodes;
    expect(nodes.find((node) => node.attributes.name === 'identifier')?.attributes.value).toBe(user.email);
    expect(nodes.find((node) => node.attributes.name === 'password')?.attributes.value).toBeUndefined();
  });

  it('answers an unknown e-mail with exactly the same message', async ({ server, user }) => {
    const wrong = await refused(server, 'login', user.email, 'not the password');
    const unknown = await refused(server, 'login', 'nobody@example.com', 'not the password');
    expect(unknown.status).toBe(400);
    expect((unknown.body.ui as { messages: unknown }).messages).toEqual(
      (wrong.body.ui as { messages: unknown }).messages,
    );
  });
});

describe('password hashes', () => {
  it('moves a hash made with older parameters to the current ones at login', async ({ server }) => {
    const { argon2 } = server.config;
    const identity = await createIdentity(server.db.db, {
      email: 'legacy@example.com',
      hashedPassword: await hashPassword(PASSWORD, { ...argon2, timeCost: argon2.timeCost + 1 }),
      verified: true,
    });
    const { api } = frontendApi(server.basePath);
    const flow = await api.createBrowserLoginFlow();
    await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'legacy@example.com',
        password: PASSWORD,
        csrf_token: csrfOf(flow),
      },
    });
    const [credential] = await server.db.db
      .select()
      .from(identityCredentials)
      .where(eq(identityCredentials.identityId, identity.id));
    const hashed = (credential?.config as { hashedPassword?: string } | undefined)?.hashedPassword ?? '';
    expect(needsRehash(hashed, argon2)).toBe(false);
    expect(await verifyPassword(hashed, PASSWORD)).toBe(true);
  });
});

describe('registration', () => {
  it('refuses a second account for the same e-mail with 4000007', async ({ server, user }) => {
    const { status, body } = await refused(
      server,
      'registration',
      user.email.toUpperCase(),
      'another sturdy passphrase',
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ ui: { messages: [{ id: 4000007 }] } });
  });

  it('refuses a short password with 4000032 on the password node', async ({ server }) => {
    const { status, body } = await refused(server, 'registration', 'short@example.com', 'abc123');
    expect(status).toBe(400);
    expect(passwordMessages(body)).toEqual([4000032]);
  });

  it('refuses a breached password with 4000034', async ({ server }) => {
    const { status, body } = await refused(server, 'registration', 'breached@example.com', 'password123');
    expect(status).toBe(400);
    expect(passwordMessages(body)).toEqual([4000034]);
  });

  it('refuses a password too similar to the e-mail with 4000031', async ({ server }) => {
    const { body } = await refused(
      server,
      'registration',
      'margaret.hamilton@example.com',
      'margaret.hamilton1',
    );
    expect(passwordMessages(body)).toEqual([4000031]);
  });

  it('requires the e-mail and the password (4000002)', async ({ server }) => {
    const { status, body } = await refused(server, 'registration', '', '');
    expect(status).toBe(400);
    expect(passwordMessages(body)).toEqual([4000002]);
  });
});

describe('CSRF', () => {
  it('grants no other origin the preflight it needs to end sessions with the cookie (/sessions is CSRF-exempt)', async ({
    server,
  }) => {
    const withCors = await startIdentityServer({ corsOrigins: ['http://app.example.test'] });
    try {
      for (const [target, origin, granted] of [
        [server, 'http://evil.example.test', false],
        [withCors, 'http://evil.example.test', false],
        [withCors, 'http://app.example.test', true],
      ] as const) {
        const preflight = await fetch(`${target.basePath}/sessions`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'DELETE' },
        });
        expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(granted ? origin : null);
        expect(preflight.headers.get('access-control-allow-methods') ?? '', origin).toContain(
          granted ? 'DELETE' : '',
        );
      }
    } finally {
      await withCors.close();
    }
  });

  it('rejects a submission without the token, or with another browser’s, with 403 security_csrf_violation', async ({
    server,
    user,
    browser: { api },
  }) => {
    const flow = await api.createBrowserLoginFlow();
    const missing = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: passwordLogin(user),
      }),
    );
    expect(missing.status).toBe(403);
    expect(missing.body.error).toMatchObject({
      id: 'security_csrf_violation',
      code: 403,
      status: 'Forbidden',
      message: 'the request was rejected to protect you from Cross-Site-Request-Forgery',
    });

    const stranger = frontendApi(server.basePath);
    await stranger.api.createBrowserLoginFlow();
    const foreign = await failure(
      stranger.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { ...passwordLogin(user), csrf_token: csrfOf(flow) },
      }),
    );
    expect(foreign.status).toBe(403);
    expect((await failure(stranger.api.getLoginFlow({ id: flow.id }))).status).toBe(403);
  });
});

describe('flow expiry', () => {
  it('answers a submission to an expired flow with 410 and the id of a new flow', async ({
    server,
    user,
    browser: { api },
  }) => {
    const flow = await api.createBrowserLoginFlow();
    await server.db.db
      .update(identityFlows)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(identityFlows.id, flow.id));
    const { status, body } = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { ...passwordLogin(user), csrf_token: csrfOf(flow) },
      }),
    );
    expect(status).toBe(410);
    expect(body.error).toMatchObject({ id: 'self_service_flow_expired', code: 410, status: 'Gone' });
    expect(typeof body.use_flow_id).toBe('string');
    const fresh = await api.getLoginFlow({ id: String(body.use_flow_id) });
    expect(fresh.state).toBe('choose_method');
  });
});

describe('browser-form mode', () => {
  type FormFlow = { ui: { nodes: Array<{ attributes: unknown }> } };

  /**
   * A plain browser opening a flow (`accept` as its address bar sends it): the 303 to the web app's page, the
   * flow that page reads, and form posts to it with the browser's cookies.
   */
  async function openFormFlow(server: IdentityTestServer, kind: 'login' | 'registration', accept: string) {
    const jar = createCookieJar();
    const created = await jar.fetch(`${server.basePath}/self-service/${kind}/browser`, {
      headers: { accept },
    });
    expect(created.status).toBe(303);
    const page = new URL(String(created.headers.get('location')));
    const flowId = String(page.searchParams.get('flow'));
    const read = async () => {
      const response = await jar.fetch(`${server.basePath}/self-service/${kind}/flows?id=${flowId}`, {
        headers: { accept: 'application/json' },
      });
      return (await response.json()) as FormFlow;
    };
    const post = (fields: Record<string, string>) =>
      jar.fetch(`${server.basePath}/self-service/${kind}?flow=${flowId}`, {
        method: 'POST',
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    return { jar, page, flowId, read, post };
  }

  it('redirects to the web app with 303 on flow creation, on a failed submission and on success', async ({
    server,
    user,
  }) => {
    const { jar, page, flowId, read, post } = await openFormFlow(server, 'login', 'text/html');
    expect(`${page.origin}${page.pathname}`).toBe(`${server.origin}/login`);
    const csrf = csrfOf(await read());
    const login = (password: string) =>
      post({ method: 'password', identifier: user.email, password, csrf_token: csrf });

    const failed = await login('wrong password here');
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`${server.origin}/login?flow=${flowId}`);
    expect(await read()).toMatchObject({ ui: { messages: [{ id: 4000006 }] } });

    const succeeded = await login(user.password);
    expect(succeeded.status).toBe(303);
    expect(succeeded.headers.get('location')).toBe(`${server.origin}/`);
    expect(jar.cookies.has('ory_kratos_session')).toBe(true);
    const whoami = await jar.fetch(`${server.basePath}/sessions/whoami`, {
      headers: { accept: 'application/json' },
    });
    expect(whoami.status).toBe(200);
  });

  it('registers from a plain HTML form (dotted trait names) and redirects to the verification page', async ({
    server,
    smtp,
  }) => {
    const { jar, read, post } = await openFormFlow(server, 'registration', '*/*');
    const response = await post({
      method: 'password',
      'traits.email': 'form.user@example.com',
      password: PASSWORD,
      csrf_token: csrfOf(await read()),
    });
    expect(response.status).toBe(303);
    const target = new URL(String(response.headers.get('location')));
    expect(`${target.origin}${target.pathname}`).toBe(`${server.origin}/verify`);
    expect(jar.cookies.has('ory_kratos_session')).toBe(false);
    await smtp.waitForMail('form.user@example.com');
  });

  it('sends a form post with a bad CSRF token to the error page', async ({ server, browser: { api } }) => {
    const { post } = await openFormFlow(server, 'registration', '*/*');
    const response = await post({ method: 'password', 'traits.email': 'x@example.com', password: PASSWORD });
    expect(response.status).toBe(303);
    const errorPage = new URL(String(response.headers.get('location')));
    expect(errorPage.pathname).toBe('/error');
    const stored = await api.getFlowError({ id: String(errorPage.searchParams.get('id')) });
    expect(stored.error).toMatchObject({ id: 'security_csrf_violation' });
  });
});
