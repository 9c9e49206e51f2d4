// Sign-in with GitHub (and a generic OpenID Connect provider) against a local fake over real HTTP.
import { describe, expect } from 'vitest';
import { it, throughProvider } from './fake-providers.ts';
import { findAddress } from './identities.ts';
import { csrfOf, failure, frontendApi, type IdentityTestServer } from './testing.ts';

/** The SPA's path: submit {method:"oidc"}, follow redirect_browser_to, let the provider call back. */
async function signInWith(
  server: IdentityTestServer,
  provider: string,
  kind: 'login' | 'registration' = 'login',
  returnTo?: string,
) {
  const client = frontendApi(server.basePath);
  const { api, jar } = client;
  const flow =
    kind === 'login'
      ? await api.createBrowserLoginFlow(returnTo ? { returnTo } : {})
      : await api.createBrowserRegistrationFlow();
  const body = { method: 'oidc' as const, provider, csrf_token: csrfOf(flow) };
  const { authorize, callback } = await throughProvider(
    jar,
    kind === 'login'
      ? api.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: body })
      : api.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: body }),
  );
  return { ...client, authorize, callback };
}

describe('GitHub sign-in', () => {
  it('offers the providers as buttons on login and registration', async ({ browser: { api } }) => {
    const login = await api.createBrowserLoginFlow();
    const buttons = login.ui.nodes.filter((node) => node.group === 'oidc');
    expect(buttons.map((node) => (node.attributes as { value?: string }).value)).toEqual([
      'github',
      'google',
    ]);
    expect(buttons[0]?.meta.label).toMatchObject({ id: 1010002, text: 'Sign in with GitHub' });
    const registration = await api.createBrowserRegistrationFlow();
    expect(registration.ui.nodes.find((node) => node.group === 'oidc')?.meta.label?.id).toBe(1040002);
  });

  it('creates a verified identity from the verified primary e-mail and signs in', async ({
    server,
    fake,
  }) => {
    fake.state.nextAccount = {
      id: 101,
      emails: [
        { email: 'unverified@example.com', verified: false, primary: false },
        { email: 'Octo@Example.com', verified: true, primary: true },
      ],
    };
    const { api, authorize, callback } = await signInWith(server, 'github', 'registration');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe('stackyard-dev');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${server.basePath}/self-service/methods/oidc/callback/github`,
    );
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe(`${server.origin}/`);

    const session = await api.toSession();
    expect(session.identity?.traits).toEqual({ email: 'octo@example.com' });
    expect(session.identity?.verifiable_addresses?.[0]).toMatchObject({ verified: true });
    expect(session.authentication_methods?.[0]).toMatchObject({ method: 'oidc', provider: 'github' });
    expect(fake.state.tokenRequests.at(-1)).toMatchObject({
      client_id: 'stackyard-dev',
      code_verifier: expect.any(String),
    });

    // Signing in again with the same GitHub account finds the same identity.
    const again = await signInWith(server, 'github');
    expect((await again.api.toSession()).identity?.id).toBe(session.identity?.id);
  });

  it('links to the existing identity that owns the verified e-mail', async ({ server, fake, user }) => {
    fake.state.nextAccount = { id: 202, emails: [{ email: user.email, verified: true, primary: true }] };
    const { api } = await signInWith(server, 'github');
    expect((await api.toSession()).identity?.id).toBe(user.id);
  });

  it("comes back to the login flow's return_to: the save page a signed-out visitor came from", async ({
    server,
    fake,
  }) => {
    fake.state.nextAccount = {
      id: 404,
      emails: [{ email: 'saver@example.com', verified: true, primary: true }],
    };
    const savePage = `${server.origin}/save?url=${encodeURIComponent('https://rocket.rs/')}&title=Rocket`;
    const { api, callback } = await signInWith(server, 'github', 'login', savePage);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe(savePage);
    expect((await api.toSession()).identity?.traits).toEqual({ email: 'saver@example.com' });
    // Another origin is never a destination: the flow falls back to the app's home.
    fake.state.nextAccount = {
      id: 405,
      emails: [{ email: 'elsewhere@example.com', verified: true, primary: true }],
    };
    const elsewhere = await signInWith(server, 'github', 'login', 'https://evil.example/save');
    expect(elsewhere.callback.headers.get('location')).toBe(`${server.origin}/`);
  });

  it('refuses a callback whose state belongs to no flow of this browser', async ({ server, fake }) => {
    fake.state.nextAccount = { id: 303, emails: [{ email: 'x@example.com', verified: true, primary: true }] };
    const { api, jar } = frontendApi(server.basePath);
    const flow = await api.createBrowserLoginFlow();
    const answer = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'oidc', provider: 'github', csrf_token: csrfOf(flow) },
      }),
    );
    const consent = await fetch(String(answer.body.redirect_browser_to), { redirect: 'manual' });
    const callbackUrl = String(consent.headers.get('location'));
    // Another browser (no CSRF cookie of this flow) presents the callback: login CSRF.
    const stranger = await fetch(callbackUrl, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    expect(stranger.status).toBe(403);
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', `${flow.id}.forged`);
    const forged = await jar.fetch(tampered.toString(), { headers: { accept: 'application/json' } });
    expect(forged.status).toBe(400);
    expect((await failure(api.toSession())).status).toBe(401);
  });

  it('answers a code the provider refuses with a 400 saying so, not a server error', async ({
    browser: { api, jar },
  }) => {
    const flow = await api.createBrowserLoginFlow();
    const answer = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'oidc', provider: 'github', csrf_token: csrfOf(flow) },
      }),
    );
    const consent = await jar.fetch(String(answer.body.redirect_browser_to));
    const callback = new URL(String(consent.headers.get('location')));
    callback.searchParams.set('code', 'a-code-github-never-issued');
    const refused = await jar.fetch(callback.toString(), { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 400, reason: 'GitHub could not confirm who you are. Please try again.' },
    });
    expect((await failure(api.toSession())).status).toBe(401);
  });

  it('signs in with a generic OpenID Connect provider found by discovery', async ({ server, fake }) => {
    fake.state.nextAccount = {
      id: 404,
      emails: [{ email: 'gina@example.com', verified: true, primary: true }],
    };
    const { api, callback } = await signInWith(server, 'google');
    expect(callback.status).toBe(303);
    const session = await api.toSession();
    expect(session.identity?.traits).toEqual({ email: 'gina@example.com' });
    expect(session.authentication_methods?.[0]).toMatchObject({ method: 'oidc', provider: 'google' });
  });

  it("refuses an ID token not signed with the provider's published key", async ({ server, fake }) => {
    fake.state.nextAccount = {
      id: 406,
      emails: [{ email: 'forged@example.com', verified: true, primary: true }],
    };
    fake.state.forgeIdTokens = true;
    const { api, callback } = await signInWith(server, 'google').finally(() => {
      fake.state.forgeIdTokens = false;
    });
    expect(callback.status).toBe(303);
    const errorPage = new URL(String(callback.headers.get('location')));
    expect(`${errorPage.origin}${errorPage.pathname}`).toBe(`${server.origin}/error`);
    const shown = await api.getFlowError({ id: String(errorPage.searchParams.get('id')) });
    expect(shown.error).toMatchObject({
      code: 400,
      reason: 'Google could not confirm who you are. Please try again.',
    });
    expect((await failure(api.toSession())).status).toBe(401);
    expect(await findAddress(server.db.db, 'forged@example.com')).toBeNull();
  });
});
