// Same-site request forgery: a page on a sibling host shares the site, so the browser sends the user_jwt
// cookie along with whatever it posts. Over real HTTP, with the identity service's real tokens, a
// state-changing call made with the cookie from anywhere but the app changes nothing; the app's own calls,
// reads and bearer-token calls work as before.
import { describe, expect } from 'vitest';
import { identityApiTest } from '@stackyard/testing/api-processes';

interface CallOptions {
  bearer?: boolean;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The signed-in user's calls to the API at `base`, and the workspace they own there. */
interface Target {
  base: string;
  workspaceId: string;
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
}

const test = identityApiTest(
  // Submissions of this domain are quarantined at once, without a fetch: something to reject.
  { INGESTION_DENY_DOMAINS: 'blocked.example' },
  { ingestion: { pollMs: 50 } },
).extend('target', { scope: 'file' }, async ({ api, origin }): Promise<Target> => {
  const { jwt } = await api.signIn('forgery@example.com', 'a long enough password 9');
  const call = (method: string, path: string, options: CallOptions = {}) =>
    callAs(origin, jwt, method, path, options);
  const created = await call('POST', '/workspaces', { bearer: true, body: { name: 'Target' } });
  expect(created.status).toBe(201);
  return { base: origin, workspaceId: ((await created.json()) as { id: string }).id, call };
});

function callAs(
  base: string,
  jwt: string,
  method: string,
  path: string,
  options: CallOptions,
): Promise<Response> {
  return fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.bearer ? { authorization: `Bearer ${jwt}` } : { cookie: `user_jwt=${jwt}` }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

// What a browser sends for a page on a sibling host (evil.example.test next to app.example.test).
const siblingPage = { origin: 'http://evil.example.test', 'sec-fetch-site': 'same-site' };
const appPage = (base: string) => ({
  origin: base,
  'sec-fetch-site': 'same-origin',
  'x-stackyard-client': 'web',
});

async function quarantinedSubmission({ call, workspaceId }: Target): Promise<string> {
  const submitted = await call('POST', '/ingestion/tools', {
    bearer: true,
    body: { workspace_id: workspaceId, submitted_url: `https://blocked.example/${Math.random()}` },
  });
  expect(submitted.status).toBe(202);
  const { id } = (await submitted.json()) as { id: string };
  for (let tries = 0; tries < 200; tries++) {
    const current = (await (await call('GET', `/ingestion/submissions/${id}`, { bearer: true })).json()) as {
      status: string;
    };
    if (current.status === 'quarantined') return id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the submission was never quarantined');
}

async function statusOf({ call }: Target, id: string): Promise<string> {
  const response = await call('GET', `/ingestion/submissions/${id}`, { bearer: true });
  return ((await response.json()) as { status: string }).status;
}

describe('state-changing calls authenticated by the user_jwt cookie', () => {
  test('refuses bodyless POSTs from a sibling page (retry, reject, populate, disconnect) and changes nothing', async ({
    target,
  }) => {
    const { call, workspaceId } = target;
    const id = await quarantinedSubmission(target);
    for (const path of [
      `/ingestion/submissions/${id}/reject`,
      `/ingestion/submissions/${id}/retry`,
      `/workspaces/${workspaceId}/store/populate`,
      `/workspaces/${workspaceId}/store/github/disconnect`,
    ]) {
      const forged = await call('POST', path, { headers: siblingPage });
      expect(forged.status, path).toBe(403);
      expect(((await forged.json()) as { detail: string }).detail).toBe(
        'This request did not come from the stackyard app, so nothing was changed. Reload the page and try again.',
      );
    }
    // Even a form post with no Origin and no Sec-Fetch-Site (an old browser) lacks the app's header.
    expect((await call('POST', `/ingestion/submissions/${id}/reject`)).status).toBe(403);
    expect(await statusOf(target, id)).toBe('quarantined');

    const fromApp = await call('POST', `/ingestion/submissions/${id}/reject`, {
      headers: appPage(target.base),
    });
    expect(fromApp.status).toBe(200);
    expect(await statusOf(target, id)).toBe('rejected');
  });

  test('refuses POST /workspaces with the cookie and a foreign Origin, even with the header', async ({
    target: { call, workspaceId },
  }) => {
    const before = await (await call('GET', '/workspaces', { bearer: true })).json();
    const attempts: Array<Record<string, string>> = [
      { origin: 'http://evil.example.test' },
      { origin: 'http://evil.example.test', 'x-stackyard-client': 'web' },
      { origin: 'null', 'x-stackyard-client': 'web' },
      { ...siblingPage, 'x-stackyard-client': 'web' },
      { 'sec-fetch-site': 'cross-site', 'x-stackyard-client': 'web' },
    ];
    for (const headers of attempts) {
      const response = await call('POST', '/workspaces', { body: { name: 'Forged' }, headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    const deleted = await call('DELETE', `/workspaces/${workspaceId}`, { headers: siblingPage });
    expect(deleted.status).toBe(403);
    expect(await (await call('GET', '/workspaces', { bearer: true })).json()).toEqual(before);
  });

  test("accepts the app's own calls, reads from anywhere and bearer-token calls", async ({
    target: { base, call },
  }) => {
    const fromApp = await call('POST', '/workspaces', {
      body: { name: 'From the app' },
      headers: appPage(base),
    });
    expect(fromApp.status).toBe(201);
    // A browser without Sec-Fetch-Site: the Origin's host is the server's own.
    const olderBrowser = await call('POST', '/workspaces', {
      body: { name: 'Older browser' },
      headers: { origin: base, 'x-stackyard-client': 'web' },
    });
    expect(olderBrowser.status).toBe(201);
    const read = await call('GET', '/workspaces', { headers: siblingPage });
    expect(read.status).toBe(200);
    const script = await call('POST', '/workspaces', {
      bearer: true,
      body: { name: 'From a script' },
      headers: siblingPage,
    });
    expect(script.status).toBe(201);
  });
});
