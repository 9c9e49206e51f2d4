import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestUser } from '../testing/harness.ts';
import { authorizationMatrix, callers, type Caller, type MatrixWorld } from './authorization-matrix.ts';

let h: Harness;
let counter = 0;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  const mismatches = await h.mismatches();
  await h.close();
  expect(mismatches).toEqual([]);
});

/** A fresh workspace with one member of each role, an outsider and a user to add; the caller picked from them. */
async function world(caller: Caller): Promise<{ world: MatrixWorld; user: TestUser | null }> {
  const tag = (counter++).toString(36);
  const [owner, admin, editor, viewer, target, outsider] = await Promise.all(
    ['owner', 'admin', 'editor', 'viewer', 'target', 'outsider'].map((role) => h.user(`m${tag}_${role}`)),
  );
  if (!owner || !admin || !editor || !viewer || !target || !outsider)
    throw new Error('fixture users missing');
  await h.user(`m${tag}_newcomer`);
  const as = h.as(owner);
  // A second workspace, so deleting the first is not refused as the owner's last.
  await as.post('/workspaces', { name: 'Spare' });
  const created = await as.post('/workspaces', { name: 'Matrix' });
  const workspaceId = (created.json() as { id: string }).id;
  for (const [user, role] of [
    [admin, 'admin'],
    [editor, 'editor'],
    [viewer, 'viewer'],
    [target, 'editor'],
  ] as const) {
    const added = await as.post(`/workspaces/${workspaceId}/members`, { username: user.username, role });
    if (added.statusCode !== 201) throw new Error(added.body);
  }
  const user = { anonymous: null, nonMember: outsider, viewer, editor, admin, owner }[caller];
  return {
    user,
    world: {
      workspaceId,
      ownerId: owner.id,
      targetId: target.id,
      callerId: user?.id ?? crypto.randomUUID(),
      newcomerUsername: `m${tag}_newcomer`,
    },
  };
}

describe('authorization matrix', () => {
  for (const row of authorizationMatrix) {
    const name = row.variant ? `${row.endpoint} (${row.variant})` : row.endpoint;
    it.each(callers.map((caller) => [caller, row.expect[caller]] as const))(
      `${name}: %s → %i`,
      async (caller, status) => {
        const { world: fixture, user } = await world(caller);
        const request = row.request(fixture);
        const client = h.as(user);
        const response =
          request.method === 'GET'
            ? await client.get(request.path)
            : request.method === 'DELETE'
              ? await client.delete(request.path)
              : request.method === 'POST'
                ? await client.post(request.path, request.body)
                : await client.put(request.path, request.body);
        expect(response.statusCode, response.body).toBe(status);
      },
    );
  }

  it('has a row for every route of the API', async () => {
    const document = (await h.app.inject('/api/docs/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        // Public routes (security: []) need no authorization.
        .filter(([, operation]) => !Array.isArray(operation.security) || operation.security.length > 0)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`),
    );
    const covered = new Set(authorizationMatrix.map((row) => row.endpoint));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((endpoint) => !routes.includes(endpoint))).toEqual([]);
  });
});
