// OAuth 2.1 for the MCP resource over real HTTP: discovery, registration, authorize, consent, token, MCP
// calls with the access token, refresh rotation and reuse, revocation, and what is refused.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { describe, expect } from 'vitest';
import type { TestUser } from '@stackyard/testing/harness';
import { call, mcpTest, ok, type Mcp } from '@stackyard/testing/mcp-harness';

const REDIRECT = 'http://127.0.0.1:9/callback';

// `mcp`, the API over HTTP with its workspace, one per file; `oauth`, the calls of these tests on it.
const test = mcpTest().extend('oauth', { scope: 'file' }, ({ mcp }) => oauthOn(mcp));

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
}

/** The calls of an OAuth client, and of the user consenting, on the harness `m`. */
function oauthOn(m: Mcp) {
  const { h, base, world } = m;

  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  async function register(redirectUris: unknown = [REDIRECT]): Promise<Response> {
    return fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Test Assistant', redirect_uris: redirectUris }),
    });
  }

  async function registeredClient(): Promise<string> {
    const response = await register();
    expect(response.status).toBe(201);
    return ((await response.json()) as { client_id: string }).client_id;
  }

  function pkce() {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }

  function authorizeUrl(clientId: string, extra: Record<string, string | undefined> = {}): string {
    const url = new URL(`${base}/oauth/authorize`);
    const params: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      state: 'st4te',
      scope: 'read_write',
      resource: `${base}/mcp`,
      ...extra,
    };
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(name, value);
    return url.href;
  }

  /** Authorize, then the user's Allow on the consent page: the code the client's redirect URI receives. */
  async function consent(
    user: TestUser,
    clientId: string,
    challenge: string,
    decision: Record<string, unknown> = {
      allow: true,
      scope: 'read_write',
      workspace_ids: [world.workspaceId],
    },
  ): Promise<URL> {
    const started = await fetch(
      authorizeUrl(clientId, { code_challenge: challenge, code_challenge_method: 'S256' }),
      { redirect: 'manual' },
    );
    expect(started.status).toBe(302);
    const consentPage = new URL(started.headers.get('location') ?? '');
    expect(consentPage.pathname).toBe('/authorize');
    const id = consentPage.searchParams.get('request') ?? '';
    const shown = ok<Record<string, unknown>>(await h.as(user).get(`/oauth/authorizations/${id}`), 200);
    expect(shown).toMatchObject({ client_name: 'Test Assistant', redirect_host: '127.0.0.1:9' });
    const answer = ok<{ redirect_to: string }>(
      await h.as(user).post(`/oauth/authorizations/${id}/decision`, decision),
      200,
    );
    return new URL(answer.redirect_to);
  }

  async function connectedClient(user: TestUser, decision?: Record<string, unknown>) {
    const clientId = await registeredClient();
    const { verifier, challenge } = pkce();
    const redirected = await consent(user, clientId, challenge, decision);
    const exchange = () =>
      form('/oauth/token', {
        grant_type: 'authorization_code',
        code: redirected.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
        resource: `${base}/mcp`,
      });
    const response = await exchange();
    expect(response.status).toBe(200);
    return { clientId, tokens: (await response.json()) as Tokens, exchangeAgain: exchange };
  }

  /** Headers of an API call with an OAuth token, sent to the host the token was issued for. */
  const asToken = (token: string) => ({ authorization: `Bearer ${token}`, host: new URL(base).host });

  /** A POST to /mcp as a client that reached this server under another name (another audience). */
  function mcpAsHost(host: string, token: string): Promise<{ status: number; challenge: string }> {
    const url = new URL(`${base}/mcp`);
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          headers: {
            host,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (response) => {
          response.resume();
          resolve({
            status: response.statusCode ?? 0,
            challenge: String(response.headers['www-authenticate']),
          });
        },
      );
      request.on('error', reject);
      request.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
        }),
      );
    });
  }

  return {
    form,
    register,
    registeredClient,
    pkce,
    authorizeUrl,
    consent,
    connectedClient,
    asToken,
    mcpAsHost,
  };
}

describe('OAuth for the MCP resource', () => {
  test('publishes authorization-server metadata, named by the protected-resource metadata', async ({
    mcp: m,
  }) => {
    const { base } = m;
    const resource = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({
      resource: `${base}/mcp`,
      authorization_servers: [base],
      resource_documentation: `${base}/settings/connect`,
    });
    const metadata = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      scopes_supported: ['read', 'read_write'],
    });
    const openid = await fetch(`${base}/.well-known/openid-configuration`);
    expect(openid.status).toBe(404);
    expect(openid.headers.get('content-type')).toMatch(/json/);
  });

  test('registers public clients with https or loopback redirect URIs only', async ({ oauth }) => {
    const { register } = oauth;
    const registered = await register(['http://localhost:33418/cb', 'https://claude.example/callback']);
    expect(registered.status).toBe(201);
    expect(await registered.json()).toMatchObject({
      client_name: 'Test Assistant',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const plainHttp = await register(['http://assistant.example/callback']);
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.json()).toMatchObject({
      error: 'invalid_redirect_uri',
      error_description:
        'http://assistant.example/callback must use https, or http on 127.0.0.1, localhost or [::1]',
    });
    const none = await register([]);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'invalid_client_metadata' });
    for (const unsafe of [
      'javascript://x/%0aalert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      'myapp:callback',
    ]) {
      const refused = await register([unsafe]);
      expect(refused.status, unsafe).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    }
  });

  test("registers the browser extension's redirect URIs, and its token reaches every product API call the extension makes", async ({
    mcp: m,
    oauth,
  }) => {
    const { h, world } = m;
    const { register, connectedClient, asToken } = oauth;
    // chrome.identity.getRedirectURL() in Chromium and in Firefox.
    for (const uri of [
      'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/',
      'https://2c127fa4.extensions.allizom.org/',
    ])
      expect((await register([uri])).status, uri).toBe(201);
    const { tokens } = await connectedClient(world.editor);
    const headers = asToken(tokens.access_token);
    const inWorkspace = `workspace_id=${world.workspaceId}&limit=100`;
    for (const path of [
      '/workspaces',
      `/tags?${inWorkspace}`,
      `/projects?${inWorkspace}&sort=name`,
      `/lookup?url=${encodeURIComponent('https://example.com/page')}`,
    ])
      expect((await h.as(null).get(path, { headers })).statusCode, path).toBe(200);
    const submission = ok<{ id: string }>(
      await h
        .as(null)
        .post(
          '/ingestion/resources',
          { workspace_id: world.workspaceId, submitted_url: 'http://127.0.0.1:9/page' },
          { headers },
        ),
      202,
    );
    const followed = await h.as(null).get(`/ingestion/submissions/${submission.id}`, { headers });
    expect(followed.statusCode).toBe(200);
  });

  test("registers Cursor, whose redirect URIs include its app's own scheme, and names that scheme on the consent page", async ({
    mcp: m,
    oauth,
  }) => {
    const { h, world } = m;
    const { register, pkce, authorizeUrl } = oauth;
    const cursor = 'cursor://anysphere.cursor-mcp/oauth/callback';
    const registered = await register([
      cursor,
      'https://www.cursor.com/agents/mcp/oauth/callback',
      'http://localhost:8787/callback',
    ]);
    expect((await register(['com.example.assistant:/callback'])).status).toBe(201);
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const started = await fetch(
      authorizeUrl(clientId, {
        redirect_uri: cursor,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    const id = new URL(started.headers.get('location') ?? '').searchParams.get('request') ?? '';
    const shown = ok<{ redirect_host: string }>(
      await h.as(world.editor).get(`/oauth/authorizations/${id}`),
      200,
    );
    expect(shown.redirect_host).toBe('cursor://anysphere.cursor-mcp');
    const answer = ok<{ redirect_to: string }>(
      await h.as(world.editor).post(`/oauth/authorizations/${id}/decision`, {
        allow: true,
        scope: 'read',
        workspace_ids: [world.workspaceId],
      }),
      200,
    );
    const redirected = new URL(answer.redirect_to);
    expect(redirected.href.split('?')[0]).toBe(cursor);
    expect(redirected.searchParams.get('code')).toBeTruthy();
  });

  test('connects a client end to end: its token works at /mcp for the workspaces allowed', async ({
    mcp: m,
    oauth,
  }) => {
    const { h, world } = m;
    const { connectedClient } = oauth;
    const { tokens } = await connectedClient(world.editor);
    expect(tokens).toMatchObject({ scope: 'read_write', expires_in: 3600 });
    expect(tokens.access_token).toMatch(/^sy_oat_/);
    const client = await m.connect(tokens.access_token);
    const listed = await call(client, 'list_workspaces');
    expect(listed.isError).toBeFalsy();
    expect(JSON.stringify(listed.structuredContent)).toContain(world.workspaceId);
    // The grant is listed in Settings beside the access tokens.
    const grants = ok<Array<{ client_name: string; scope: string }>>(
      await h.as(world.editor).get('/oauth/grants'),
      200,
    );
    expect(grants[0]).toMatchObject({
      client_name: 'Test Assistant',
      scope: 'read_write',
      workspace_ids: [world.workspaceId],
    });
  });

  test('limits a token to the workspaces and the scope the user chose', async ({ mcp: m, oauth }) => {
    const { h, world } = m;
    const { connectedClient, asToken } = oauth;
    const other = ok<{ id: string }>(await h.as(world.owner).post('/workspaces', { name: 'Elsewhere' }), 201);
    const { tokens } = await connectedClient(world.owner, {
      allow: true,
      scope: 'read',
      workspace_ids: [world.workspaceId],
    });
    expect(tokens.scope).toBe('read');
    const headers = asToken(tokens.access_token);
    const listed = ok<Array<{ id: string }>>(await h.as(null).get('/workspaces', { headers }), 200);
    expect(listed.map((workspace) => workspace.id)).toEqual([world.workspaceId]);
    expect((await h.as(null).get(`/workspaces/${other.id}`, { headers })).statusCode).toBe(404);
    const write = await h.as(null).post('/workspaces', { name: 'Nope' }, { headers });
    expect(write.statusCode).toBe(403);
  });

  test('rotates refresh tokens, and a reused one revokes the whole grant', async ({ mcp: m, oauth }) => {
    const { world } = m;
    const { form, connectedClient } = oauth;
    const { clientId, tokens } = await connectedClient(world.editor);
    const refresh = (token: string) =>
      form('/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as Tokens;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call(await m.connect(next.access_token), 'list_workspaces')).isError).toBeFalsy();

    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    // Everything of that grant stops: the newest access token and refresh token too.
    await expect(m.connect(next.access_token)).rejects.toThrow();
    expect((await refresh(next.refresh_token)).status).toBe(400);
  });

  test('revokes what a code gave when the code is presented again', async ({ mcp: m, oauth }) => {
    const { world } = m;
    const { connectedClient } = oauth;
    const { tokens, exchangeAgain } = await connectedClient(world.editor);
    expect((await call(await m.connect(tokens.access_token), 'list_workspaces')).isError).toBeFalsy();
    const replayed = await exchangeAgain();
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
    await expect(m.connect(tokens.access_token)).rejects.toThrow();
  });

  test('stops a token on the next call once the grant is revoked in Settings or by the client', async ({
    mcp: m,
    oauth,
  }) => {
    const { h, world } = m;
    const { form, connectedClient } = oauth;
    const first = await connectedClient(world.editor);
    const client = await m.connect(first.tokens.access_token);
    expect((await call(client, 'list_workspaces')).isError).toBeFalsy();
    const grants = ok<Array<{ id: string }>>(await h.as(world.editor).get('/oauth/grants'), 200);
    ok(await h.as(world.editor).delete(`/oauth/grants/${grants[0]?.id}`), 204);
    await expect(call(client, 'list_workspaces')).rejects.toThrow();

    const second = await connectedClient(world.editor);
    expect((await form('/oauth/revoke', { token: second.tokens.refresh_token })).status).toBe(200);
    await expect(m.connect(second.tokens.access_token)).rejects.toThrow();
  });

  test('refuses a token issued for another resource with 401 and the resource metadata', async ({
    mcp: m,
    oauth,
  }) => {
    const { base, world } = m;
    const { connectedClient, mcpAsHost } = oauth;
    const { tokens } = await connectedClient(world.editor);
    const port = new URL(base).port;
    const elsewhere = await mcpAsHost(`other.example:${port}`, tokens.access_token);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.challenge).toContain(
      `resource_metadata="http://other.example:${port}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect((await mcpAsHost(new URL(base).host, tokens.access_token)).status).toBe(200);
  });

  test('shows a page for an unknown client or redirect URI, and redirects other errors to the client', async ({
    oauth,
  }) => {
    const { registeredClient, pkce, authorizeUrl } = oauth;
    const clientId = await registeredClient();
    const { challenge } = pkce();
    const withPkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const wrongRedirect = await fetch(
      authorizeUrl(clientId, { ...withPkce, redirect_uri: 'http://127.0.0.1:9/other' }),
      {
        redirect: 'manual',
      },
    );
    expect(wrongRedirect.status).toBe(400);
    expect(await wrongRedirect.text()).toContain('The redirect_uri is not one this client registered.');
    const unknown = await fetch(authorizeUrl('no-such-client', withPkce), { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('This client is not registered with this server.');
    const twice = await fetch(`${authorizeUrl(clientId, withPkce)}&client_id=another`, {
      redirect: 'manual',
    });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain('The request names client_id more than once.');

    const errorOf = async (extra: Record<string, string | undefined>) => {
      const response = await fetch(authorizeUrl(clientId, extra), { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('state')).toBe('st4te');
      return location.searchParams.get('error');
    };
    expect(await errorOf({})).toBe('invalid_request');
    expect(await errorOf({ code_challenge: challenge, code_challenge_method: 'plain' })).toBe(
      'invalid_request',
    );
    expect(await errorOf({ ...withPkce, resource: 'https://elsewhere.example/mcp' })).toBe('invalid_target');
    // A loopback redirect URI matches on any port (a native client picks its own).
    const otherPort = await fetch(
      authorizeUrl(clientId, { ...withPkce, redirect_uri: 'http://127.0.0.1:4567/callback' }),
      {
        redirect: 'manual',
      },
    );
    expect(new URL(otherPort.headers.get('location') ?? '').pathname).toBe('/authorize');
  });

  test('refuses a wrong code verifier, a spent code, and a denial reaches the client as access_denied', async ({
    mcp: m,
    oauth,
  }) => {
    const { base, world } = m;
    const { form, registeredClient, pkce, consent } = oauth;
    const clientId = await registeredClient();
    const { verifier, challenge } = pkce();
    const redirected = await consent(world.editor, clientId, challenge);
    const exchange = (codeVerifier: string) =>
      form('/oauth/token', {
        grant_type: 'authorization_code',
        code: redirected.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: codeVerifier,
      });
    const wrong = await exchange(pkce().verifier);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    // The wrong verifier spent the code: an attacker gets one try.
    expect(await (await exchange(verifier)).json()).toMatchObject({ error: 'invalid_grant' });

    const denied = await consent(world.editor, clientId, challenge, { allow: false });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st4te');
    expect(denied.searchParams.get('code')).toBeNull();

    const json = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code' }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });

  test('lets only a signed-in session allow a client or list the grants', async ({ mcp: m, oauth }) => {
    const { h, world } = m;
    const { connectedClient, asToken } = oauth;
    const { tokens } = await connectedClient(world.editor);
    const headers = asToken(tokens.access_token);
    const listed = await h.as(null).get('/oauth/grants', { headers });
    expect(listed.statusCode).toBe(403);
    const stranger = await h.user();
    const grants = ok<Array<{ id: string }>>(await h.as(world.editor).get('/oauth/grants'), 200);
    expect((await h.as(stranger).delete(`/oauth/grants/${grants[0]?.id}`)).statusCode).toBe(404);
  });
});
