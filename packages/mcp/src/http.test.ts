// The /mcp endpoint itself: bearer challenge and protected-resource metadata, revoked and expired tokens,
// and the Origin check against DNS rebinding.
import { eq } from 'drizzle-orm';
import { accessTokens } from '@stackyard/db/schema';
import { describe, expect } from 'vitest';
import { call, mcpTest, ok } from '@stackyard/testing/mcp-harness';
import { mcpToolCall } from '@stackyard/testing/mcp-requests';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/**
 * mcpTest with raw requests to /mcp: `post`, an initialize with the headers given, and `postToolCall`, a
 * tools/call as the SDK's client sends it (the answer is one JSON body).
 */
const test = mcpTest()
  .extend(
    'post',
    ({ mcp: { base } }) =>
      (headers: Record<string, string>) =>
        fetch(`${base}/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify(initialize),
        }),
  )
  .extend(
    'postToolCall',
    ({ mcp: { base } }) =>
      (token: string, name: string, args: Record<string, unknown>) => {
        const { headers, body } = mcpToolCall(name, args, 'raw');
        return fetch(`${base}/mcp`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      },
  );

describe('the /mcp endpoint', () => {
  test('asks for a bearer token with 401 and WWW-Authenticate, and publishes its resource metadata', async ({
    mcp: { base, connect },
    post,
  }) => {
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    const challenge = anonymous.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${base}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await fetch(metadataUrl ?? '');
    expect(await metadata.json()).toMatchObject({
      resource: `${base}/mcp`,
      bearer_methods_supported: ['header'],
    });
    await expect(connect('sy_pat_made_up_token_that_does_not_exist_anywhere')).rejects.toThrow();
  });

  test('refuses revoked and expired tokens at once', async ({
    mcp: { h, world, createToken, connect },
    post,
    postToolCall,
  }) => {
    const revoked = await createToken(world.editor, {});
    const expired = await createToken(world.editor, { expires_in_days: 30 });
    const client = await connect(revoked.token);
    expect((await call(client, 'list_workspaces')).isError).toBeFalsy();
    // Named by id, the workspace is not listed first: the tool's own API call is what checks the token.
    const byId = { workspace: world.workspaceId, query: 'orm' };
    expect((await call(client, 'search', byId)).isError).toBeFalsy();
    ok(await h.as(world.editor).delete(`/tokens/${revoked.id}`), 204);
    await h.db.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, expired.id));
    await expect(call(client, 'list_workspaces')).rejects.toThrow();
    await expect(call(client, 'search', byId)).rejects.toThrow();
    for (const token of [revoked, expired]) {
      // initialize reaches no API; a search does; bad arguments are refused before any API call.
      for (const response of [
        await post({ authorization: `Bearer ${token.token}` }),
        await postToolCall(token.token, 'search', byId),
        await postToolCall(token.token, 'search', { ...byId, query: '' }),
      ]) {
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
        expect(await response.json()).toMatchObject({ error: { code: -32001 } });
      }
    }
    // The same calls with a live token: a result, and a tool error naming the bad argument.
    const live = await createToken(world.editor, {});
    const found = await postToolCall(live.token, 'search', byId);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({
      result: { structuredContent: { results: expect.any(Array) } },
    });
    const refused = await postToolCall(live.token, 'search', { ...byId, query: '' });
    expect(refused.status).toBe(200);
    expect(JSON.stringify(await refused.json())).toContain('Input validation error');
  });

  test('refuses a request from a foreign Origin (DNS rebinding) with 403', async ({
    mcp: { world, createToken },
    post,
  }) => {
    const { token } = await createToken(world.owner, { scope: 'read' });
    const foreign = await post({ authorization: `Bearer ${token}`, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const local = await post({ authorization: `Bearer ${token}`, origin: 'http://localhost:5173' });
    expect(local.status).toBe(200);
  });
});
