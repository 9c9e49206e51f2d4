// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/api';
import { json } from '@/testing/fixtures';
import { stubIdentityFetch } from '@/testing/identity';
import { identityClient } from './identity-client';
import { identityFailure } from './identity';

const session = {
  id: 's1',
  active: true,
  authenticated_at: '2026-11-27T10:00:00Z',
  issued_at: '2026-11-27T09:59:00Z',
  expires_at: '2026-12-27T10:00:00Z',
  devices: [{ id: 'd1', ip_address: '203.0.113.7' }],
};

describe('identityClient', () => {
  it("asks whoami with the token template and answers the session's times as dates", async () => {
    const calls = stubIdentityFetch(() => json(session));
    const answer = await identityClient.toSession({ tokenizeAs: 'stackyard' });
    expect(calls).toEqual([
      {
        url: `${window.location.origin}/.ory/sessions/whoami?tokenize_as=stackyard`,
        method: 'GET',
        body: undefined,
      },
    ]);
    expect(answer.authenticated_at).toEqual(new Date('2026-11-27T10:00:00Z'));
    expect(answer.expires_at?.toISOString()).toBe('2026-12-27T10:00:00.000Z');
    expect(answer.devices?.[0]?.ip_address).toBe('203.0.113.7');
  });

  it('lists the other sessions with their dates, and leaves out parameters not given', async () => {
    const calls = stubIdentityFetch((url) =>
      url.includes('/sessions') ? json([session]) : json({ id: 'flow-1', ui: { nodes: [] } }),
    );
    const [other] = await identityClient.listMySessions();
    expect(other?.issued_at).toEqual(new Date('2026-11-27T09:59:00Z'));
    await identityClient.createBrowserLoginFlow({ refresh: true });
    expect(calls[1]?.url).toBe(`${window.location.origin}/.ory/self-service/login/browser?refresh=true`);
  });

  it('submits a flow as JSON to its id', async () => {
    const calls = stubApi(() => json({ session }));
    await identityClient.updateLoginFlow({
      flow: 'f 1',
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'ana@example.com',
        password: 'pw',
        csrf_token: 'c',
      },
    });
    expect(calls.map((call) => call.url.href)).toEqual([
      `${window.location.origin}/.ory/self-service/login?flow=f+1`,
    ]);
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"method":"password","identifier":"ana@example.com","password":"pw","csrf_token":"c"}',
    });
  });

  it('answers nothing for a 204, and fails with the status and body otherwise', async () => {
    stubIdentityFetch(() => new Response(null, { status: 204 }));
    await expect(identityClient.disableMySession({ id: 's/2' })).resolves.toBeUndefined();
    stubIdentityFetch(() => json({ error: { id: 'session_inactive', code: 401 } }, 401));
    const error = await identityClient.toSession().catch((caught: unknown) => caught);
    expect(await identityFailure(error)).toEqual({
      status: 401,
      body: { error: { id: 'session_inactive', code: 401 } },
    });
  });

  it('lets a request that did not reach the service fail as it did', async () => {
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await identityClient.createBrowserLogoutFlow().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(await identityFailure(error)).toBeNull();
  });
});
