import { describe, expect } from 'vitest';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { seedResource, seedResourceCopy, seedTool } from '@stackyard/testing/catalog-seed';
import { seedBookmarkImport, seedSubmission } from '@stackyard/testing/ingestion-seed';
import { seedSuggestion } from '@stackyard/testing/suggestion-seed';
import { seedOAuthGrant } from '@stackyard/testing/oauth-seed';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import {
  authorizationMatrix,
  callers,
  type Caller,
  type MatrixWorld,
} from '@stackyard/testing/authorization-matrix';
import {
  tokenCallers,
  tokenCallerSpecs,
  tokenExpectation,
  type TokenCaller,
} from '@stackyard/testing/authorization-matrix-tokens';

// `callCell`, a cell of the matrix called on the file's API, in the worlds the file's cells share.
const test = apiTest().extend('callCell', { scope: 'file' }, ({ api }) => cellsOn(api));

/**
 * A fresh workspace with one member of each role, an outsider and a user to add; the caller picked from them.
 * `tag` names its users apart from other worlds'.
 */
async function world(
  h: Harness,
  tag: string,
  caller: Caller | TokenCaller,
): Promise<{ world: MatrixWorld; user: TestUser | null }> {
  const [owner, admin, editor, viewer, target, outsider] = await Promise.all(
    ['owner', 'admin', 'editor', 'viewer', 'target', 'outsider'].map((role) => h.user(`m${tag}_${role}`)),
  );
  if (!owner || !admin || !editor || !viewer || !target || !outsider)
    throw new Error('fixture users missing');
  await h.user(`m${tag}_newcomer`);
  const as = h.as(owner);
  // A second workspace, so deleting the first is not refused as the owner's last.
  const spare = await as.post('/workspaces', { name: 'Spare' });
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
  const sessionCaller = isTokenCaller(caller) ? tokenCallerSpecs[caller].holder : caller;
  const user = { anonymous: null, nonMember: outsider, viewer, editor, admin, owner }[sessionCaller];
  const catalog = await seedCatalog(
    h,
    workspaceId,
    as,
    h.as(target),
    user ? h.as(user) : null,
    sessionCaller,
  );
  const ownerToken = await as.post('/tokens', { name: 'Owner', scope: 'read' });
  if (ownerToken.statusCode !== 201) throw new Error(ownerToken.body);
  const submissionId = await seedSubmission(h.db.db, {
    workspaceId,
    userId: owner.id,
    url: `https://example.com/${workspaceId}/challenge`,
  });
  const bookmarkImportId = await seedBookmarkImport(h.db.db, { workspaceId, userId: owner.id });
  const oauth = await seedOAuthGrant(h.db.db, { userId: owner.id, workspaceId });
  const suggestionId = await seedSuggestion(h.db.db, {
    workspaceId,
    toolId: catalog.toolId,
    toolSlug: catalog.toolSlug,
  });
  return {
    user:
      user && isTokenCaller(caller)
        ? await tokenHolder(h, user, caller, (spare.json() as { id: string }).id)
        : user,
    world: {
      workspaceId,
      ownerId: owner.id,
      targetId: target.id,
      callerId: user?.id ?? crypto.randomUUID(),
      callerUsername: user?.username ?? 'anonymous',
      newcomerUsername: `m${tag}_newcomer`,
      ...catalog,
      submissionId,
      bookmarkImportId,
      ownerTokenId: (ownerToken.json() as { id: string }).id,
      ownerGrantId: oauth.grantId,
      authorizationId: oauth.authorizationId,
      suggestionId,
    },
  };
}

function isTokenCaller(caller: Caller | TokenCaller): caller is TokenCaller {
  return (tokenCallers as readonly string[]).includes(caller);
}

/** The holder, calling with a personal access token of the caller's kind instead of their session. */
async function tokenHolder(
  h: Harness,
  user: TestUser,
  caller: TokenCaller,
  spareWorkspaceId: string,
): Promise<TestUser> {
  const spec = tokenCallerSpecs[caller];
  const created = await h.as(user).post('/tokens', {
    name: caller,
    scope: spec.scope,
    workspace_id: spec.elsewhere ? spareWorkspaceId : null,
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return { ...user, token: (created.json() as { token: string }).token };
}

/** One of each catalog item, linked to each other, and comments by the target and (a member) the caller. */
async function seedCatalog(
  h: Harness,
  workspaceId: string,
  owner: ReturnType<Harness['as']>,
  target: ReturnType<Harness['as']>,
  caller: ReturnType<Harness['as']> | null,
  kind: Caller,
) {
  const { workspaceToolId: toolId } = await seedTool(h.db.db, {
    workspaceId,
    url: `https://vite.dev/${workspaceId}`,
    slug: 'vite',
    name: 'Vite',
    description: 'Next generation frontend tooling',
  });
  await seedTool(h.db.db, {
    workspaceId,
    url: `https://rollupjs.org/${workspaceId}`,
    slug: 'rollup',
    name: 'Rollup',
  });
  const resourceId = await seedResource(h.db.db, {
    workspaceId,
    url: `https://example.com/${workspaceId}`,
    title: 'Why Vite',
  });
  await seedResourceCopy(h.db.db, {
    workspaceId,
    resourceId,
    url: `https://example.com/${workspaceId}`,
    text: 'Vite is fast.',
  });
  const ok = <T>(response: { statusCode: number; body: string; json(): unknown }, status: number): T => {
    if (response.statusCode !== status) throw new Error(response.body);
    return response.json() as T;
  };
  const project = ok<{ id: string; slug: string }>(
    await owner.post('/projects', {
      workspace_id: workspaceId,
      metadata: { name: 'Site' },
      tool_ids: [toolId],
    }),
    201,
  );
  const tag = ok<{ id: string }>(
    await owner.post('/tags', { workspace_id: workspaceId, tag_name: 'build', color: '#3b82f6' }),
    201,
  );
  for (const path of [
    `/tools/workspace/${toolId}`,
    `/resources/workspace/${resourceId}`,
    `/projects/${project.id}`,
  ]) {
    const attached = await owner.put(`${path}/tags/${tag.id}`);
    if (attached.statusCode !== 204) throw new Error(attached.body);
  }
  const other = ok<{ id: string }>(
    await target.post(`/tools/workspace/${toolId}/comments`, { content: 'Fast' }),
    201,
  );
  const own =
    caller && kind !== 'nonMember'
      ? ok<{ id: string }>(await caller.post(`/tools/workspace/${toolId}/comments`, { content: 'Mine' }), 201)
      : other;
  return {
    toolId,
    toolSlug: 'vite',
    otherToolSlug: 'rollup',
    resourceId,
    projectId: project.id,
    projectSlug: project.slug,
    tagId: tag.id,
    otherCommentId: other.id,
    ownCommentId: own.id,
  };
}

/** The calls of the matrix's cells on `h`, each in a world made for it or shared with other cells. */
function cellsOn(h: Harness) {
  let counter = 0;
  const newWorld = (caller: Caller | TokenCaller) => world(h, (counter++).toString(36), caller);

  // A world is built for one caller and reused by every cell of that caller that cannot change what another
  // cell reads: reads, and calls the caller must be refused. A cell expected to succeed in writing gets its own.
  const sharedWorlds = new Map<Caller | TokenCaller, ReturnType<typeof world>>();
  const refusals = new Set([401, 403, 404]);

  function worldFor(row: (typeof authorizationMatrix)[number], caller: Caller | TokenCaller, status: number) {
    if (!row.endpoint.startsWith('GET ') && !refusals.has(status)) return newWorld(caller);
    const shared = sharedWorlds.get(caller) ?? newWorld(caller);
    sharedWorlds.set(caller, shared);
    return shared;
  }

  return async function callCell(
    row: (typeof authorizationMatrix)[number],
    caller: Caller | TokenCaller,
    status: number,
  ) {
    const { world: fixture, user } = await worldFor(row, caller, status);
    const request = row.request(fixture);
    const client = h.as(user);
    return request.method === 'GET'
      ? client.get(request.path)
      : request.method === 'DELETE'
        ? client.delete(request.path, request.body === undefined ? {} : { body: request.body as object })
        : request.method === 'POST'
          ? client.post(
              request.path,
              request.body,
              request.contentType ? { headers: { 'content-type': request.contentType } } : {},
            )
          : request.method === 'PATCH'
            ? client.patch(request.path, request.body)
            : client.put(request.path, request.body);
  };
}

describe('authorization matrix', () => {
  for (const row of authorizationMatrix) {
    const name = row.variant ? `${row.endpoint} (${row.variant})` : row.endpoint;
    test.for(callers.map((caller) => [caller, row.expect[caller]] as const))(
      `${name}: %s → %i`,
      async ([caller, status], { callCell }) => {
        const response = await callCell(row, caller, status);
        expect(response.statusCode, response.body).toBe(status);
      },
    );
  }

  // Personal access tokens: the same rows, called with tokens.
  for (const row of authorizationMatrix) {
    const name = row.variant ? `${row.endpoint} (${row.variant})` : row.endpoint;
    test.for(tokenCallers.map((caller) => [caller, tokenExpectation(row, caller)] as const))(
      `${name}: %s → %i`,
      async ([caller, status], { callCell }) => {
        const response = await callCell(row, caller, status);
        expect(response.statusCode, response.body).toBe(status);
      },
    );
  }

  test('has a row for every route of the API', async ({ api }) => {
    const document = (await api.app.inject('/api/docs/openapi.json')).json() as {
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
