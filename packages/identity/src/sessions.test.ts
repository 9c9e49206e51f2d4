// Sessions of an account, native (API) flows, CORS and the sweeper.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { identityFlows } from '@stackyard/db/schema';
import { it } from './testing/fixtures.ts';
import { sweep } from './plugin.ts';
import { failure, signInBrowser, startIdentityServer } from './testing.ts';

describe('sessions', () => {
  it('disables one other session (204) but not the current one (400)', async ({ server, user, signedIn }) => {
    const laptop = signedIn.api;
    const phone = (await signInBrowser(server, user.email, user.password)).api;
    const current = await laptop.toSession();
    const phoneSession = await phone.toSession();
    expect((await failure(laptop.disableMySession({ id: current.id }))).status).toBe(400);
    await laptop.disableMySession({ id: phoneSession.id });
    expect((await failure(phone.toSession())).status).toBe(401);
    expect((await laptop.toSession()).id).toBe(current.id);
    expect(await laptop.listMySessions()).not.toContainEqual(
      expect.objectContaining({ id: phoneSession.id }),
    );
  });

  it('answers 401 to the session endpoints without a session', async ({ browser: { api } }) => {
    expect((await failure(api.listMySessions())).status).toBe(401);
    expect((await failure(api.disableMyOtherSessions())).status).toBe(401);
    expect((await failure(api.createBrowserLogoutFlow())).status).toBe(401);
  });

  it('refuses a second login flow while signed in (session_already_available)', async ({ signedIn }) => {
    const again = await failure(signedIn.api.createBrowserLoginFlow());
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ id: 'session_already_available' });
  });
});

describe('logout', () => {
  it('refuses a logout token presented by another signed-in browser (403), and needs a token (400)', async ({
    server,
    user,
    signedIn: mine,
  }) => {
    const theirs = await signInBrowser(server, user.email, user.password);
    const { logout_token } = await mine.api.createBrowserLogoutFlow();
    expect((await failure(theirs.api.updateLogoutFlow({ token: logout_token }))).status).toBe(403);
    expect((await failure(theirs.api.updateLogoutFlow({}))).status).toBe(400);
    expect((await mine.api.toSession()).active).toBe(true);
  });

  it('redirects a browser to return_to on its own origin, else to the login page, and clears the cookie', async ({
    server,
    user,
    signedIn: { api, jar },
  }) => {
    const { logout_url } = await api.createBrowserLogoutFlow({ returnTo: `${server.origin}/goodbye` });
    const response = await jar.fetch(logout_url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${server.origin}/goodbye`);
    expect(jar.cookies.has('ory_kratos_session')).toBe(false);

    const other = await signInBrowser(server, user.email, user.password);
    const evil = await other.api.createBrowserLogoutFlow({ returnTo: 'https://evil.example/' });
    const away = await other.jar.fetch(evil.logout_url, { headers: { accept: 'text/html' } });
    expect(away.headers.get('location')).toBe(`${server.origin}/login`);
  });
});

describe('API flows (native apps)', () => {
  it('signs in without cookies or CSRF, answers a session token, and logs out with it', async ({
    user,
    browser: { api, jar },
  }) => {
    const flow = await api.createNativeLoginFlow();
    expect(flow.type).toBe('api');
    const done = await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'password', identifier: user.email, password: user.password },
    });
    expect(jar.cookies.has('ory_kratos_session')).toBe(false);
    const token = done.session_token;
    if (!token) throw new Error('no session token');
    expect((await api.toSession({ xSessionToken: token })).identity?.traits).toEqual({ email: user.email });
    await api.performNativeLogout({ performNativeLogoutBody: { session_token: token } });
    expect((await failure(api.toSession({ xSessionToken: token }))).status).toBe(401);
    expect(
      (await failure(api.performNativeLogout({ performNativeLogoutBody: { session_token: token } }))).status,
    ).toBe(400);
  });
});

describe('CORS', () => {
  it('is off by default, and allows only the configured origins with credentials', async ({ server }) => {
    const plain = await fetch(`${server.basePath}/sessions/whoami`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    const other = await startIdentityServer({ corsOrigins: ['https://app.example'] });
    try {
      const preflight = await fetch(`${other.basePath}/self-service/login?flow=x`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      const denied = await fetch(`${other.basePath}/sessions/whoami`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe('sweep', () => {
  it('removes flows expired for over a day, with their codes', async ({ server, browser: { api } }) => {
    const flow = await api.createBrowserLoginFlow();
    await server.db.db
      .update(identityFlows)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(identityFlows.id, flow.id));
    await sweep(server.db.db);
    expect(await server.db.db.select().from(identityFlows).where(eq(identityFlows.id, flow.id))).toEqual([]);
    expect((await failure(api.getLoginFlow({ id: flow.id }))).status).toBe(404);
  });
});
