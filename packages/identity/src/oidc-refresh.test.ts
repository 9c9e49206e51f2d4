// Re-authentication (a login flow with refresh=true) with GitHub, for accounts that sign in with it: the flow
// offers the identity's own providers, and completing it renews the signed-in session.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { identitySessions } from '@stackyard/db/schema';
import { it, throughProvider, type FakeProviders } from './fake-providers.ts';
import { findAddress } from './identities.ts';
import { csrfOf, failure, frontendApi, type IdentityTestServer } from './testing.ts';

type Client = ReturnType<typeof frontendApi>;

const account = (id: number, email: string) => ({ id, emails: [{ email, verified: true, primary: true }] });

/** A browser signed in with GitHub as `email` (a new identity without a password), an hour ago. */
async function signInWithGithub(
  { server, fake }: { server: IdentityTestServer; fake: FakeProviders },
  githubId: number,
  email: string,
): Promise<Client> {
  fake.state.nextAccount = account(githubId, email);
  const client = frontendApi(server.basePath);
  const flow = await client.api.createBrowserLoginFlow();
  await throughProvider(
    client.jar,
    client.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'oidc', provider: 'github', csrf_token: csrfOf(flow) },
    }),
  );
  const session = await client.api.toSession();
  await server.db.db
    .update(identitySessions)
    .set({ authenticatedAt: new Date(Date.now() - 3600_000) })
    .where(eq(identitySessions.id, session.id));
  return client;
}

const settingsPage = (server: IdentityTestServer) => `${server.origin}/settings?tab=account`;

/** Completes the refresh flow with GitHub; `nextAccount` says which GitHub account consents. */
async function refreshWithGithub(server: IdentityTestServer, client: Client) {
  const flow = await client.api.createBrowserLoginFlow({ refresh: true, returnTo: settingsPage(server) });
  const answer = await throughProvider(
    client.jar,
    client.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'oidc', provider: 'github', csrf_token: csrfOf(flow) },
    }),
  );
  return { ...answer, flow };
}

/** The flow's nodes but the CSRF token, as `group:name=value`. */
const namesOf = (flow: { ui: { nodes: Array<{ group: string; attributes: unknown }> } }) =>
  flow.ui.nodes
    .map((node) => ({ group: node.group, ...(node.attributes as { name?: string; value?: unknown }) }))
    .filter((node) => node.name !== 'csrf_token')
    .map((node) => `${node.group}:${node.name ?? ''}=${String(node.value ?? '')}`);

async function setPasswordThroughSettings(client: Client, password: string) {
  const flow = await client.api.createBrowserSettingsFlow();
  return client.api.updateSettingsFlow({
    flow: flow.id,
    updateSettingsFlowBody: { method: 'password', password, csrf_token: csrfOf(flow) },
  });
}

describe('refresh login with an external provider', () => {
  it('offers only the providers linked to the identity, and no password it does not have', async ({
    server,
    fake,
  }) => {
    const client = await signInWithGithub({ server, fake }, 601, 'only-github@example.com');
    const flow = await client.api.createBrowserLoginFlow({ refresh: true });
    expect(flow.refresh).toBe(true);
    expect(namesOf(flow)).toEqual(['oidc:provider=github']);
    expect(flow.ui.nodes.find((node) => node.group === 'oidc')?.meta.label).toMatchObject({
      id: 1010002,
      text: 'Sign in with GitHub',
      context: { provider: 'GitHub' },
    });
  });

  it('renews the same session, returns to return_to, and then lets the account set a password', async ({
    server,
    fake,
  }) => {
    const client = await signInWithGithub({ server, fake }, 602, 'octo-refresh@example.com');
    const before = await client.api.toSession();
    const stale = await failure(setPasswordThroughSettings(client, 'a first long passphrase'));
    expect(stale.body.error).toMatchObject({ id: 'session_refresh_required' });

    fake.state.nextAccount = account(602, 'octo-refresh@example.com');
    const { callback } = await refreshWithGithub(server, client);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe(settingsPage(server));
    const after = await client.api.toSession();
    expect(after.id).toBe(before.id);
    expect(Number(after.authenticated_at)).toBeGreaterThan(Number(before.authenticated_at));
    expect(after.authentication_methods).toHaveLength(2);
    expect(after.authentication_methods?.[1]).toMatchObject({ method: 'oidc', provider: 'github' });

    // The settings flow offers a password to an account without one: the first one is set now.
    expect((await setPasswordThroughSettings(client, 'a first long passphrase')).state).toBe('success');
    const next = await client.api.createBrowserLoginFlow({ refresh: true });
    expect(namesOf(next)).toEqual([
      'default:identifier=octo-refresh@example.com',
      'password:password=',
      'password:method=password',
      'oidc:provider=github',
    ]);
  });

  it("refuses another identity's provider account as a password refresh refuses its password", async ({
    server,
    fake,
  }) => {
    const other = await signInWithGithub({ server, fake }, 603, 'someone-else@example.com');
    const otherSession = await other.api.toSession();
    const client = await signInWithGithub({ server, fake }, 604, 'me@example.com');
    const before = await client.api.toSession();

    fake.state.nextAccount = account(603, 'someone-else@example.com');
    const { callback, flow } = await refreshWithGithub(server, client);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe(`${server.origin}/login?flow=${flow.id}`);
    const refused = await client.api.getLoginFlow({ id: flow.id });
    expect(refused.ui.messages?.map((message) => message.id)).toEqual([4000006]);
    const after = await client.api.toSession();
    expect(after.identity?.id).toBe(before.identity?.id);
    expect(after.authenticated_at).toEqual(before.authenticated_at);
    expect(after.authentication_methods).toHaveLength(1);
    expect((await other.api.toSession()).authenticated_at).toEqual(otherSession.authenticated_at);

    // An account no identity has linked is neither linked nor made into one on a refresh.
    fake.state.nextAccount = account(605, 'nobody-yet@example.com');
    const unknown = await refreshWithGithub(server, client);
    expect(unknown.callback.headers.get('location')).toBe(`${server.origin}/login?flow=${unknown.flow.id}`);
    expect(await findAddress(server.db.db, 'nobody-yet@example.com')).toBeNull();
  });

  it("offers a password-only account's refresh no provider", async ({ signedIn: { api } }) => {
    const flow = await api.createBrowserLoginFlow({ refresh: true });
    expect(flow.refresh).toBe(true);
    expect(flow.ui.nodes.filter((node) => node.group === 'oidc')).toEqual([]);
    expect(namesOf(flow)).toContain('password:password=');
  });
});
