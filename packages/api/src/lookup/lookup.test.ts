import { describe, expect } from 'vitest';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';

const test = apiTest();

type Saved = { saved: Array<{ workspace_id: string; workspace_name: string; kind: string; id: string }> };

/** The fingerprint ingestion gives this URL, so seeded rows match as ingested ones do. */
function fingerprintOf(url: string): string {
  const result = fingerprintUrl(url);
  if (!result.ok) throw new Error(result.failure.message);
  return result.value.fingerprint;
}

async function lookUp(api: Harness, user: TestUser, url: string): Promise<Saved['saved']> {
  return expectStatus<Saved>(await api.as(user).get(`/lookup?url=${encodeURIComponent(url)}`), 200).saved;
}

describe('GET /lookup', () => {
  test("names the caller's workspaces holding the URL as a tool or a resource, however the link is dressed", async ({
    api,
    world,
  }) => {
    const page = `https://docs.example.com/${world.workspaceId}/guide`;
    const tool = `https://tool.example.com/${world.workspaceId}`;
    const resourceId = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: page,
      fingerprint: fingerprintOf(page),
    });
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: tool,
      slug: 'tool',
      fingerprint: fingerprintOf(tool),
    });
    const [workspace] = expectStatus<Array<{ name: string }>>(
      await api.as(world.viewer).get('/workspaces'),
      200,
    );

    expect(await lookUp(api, world.viewer, `${page}/?utm_source=newsletter#intro`)).toEqual([
      { workspace_id: world.workspaceId, workspace_name: workspace?.name, kind: 'resource', id: resourceId },
    ]);
    expect(await lookUp(api, world.editor, tool)).toEqual([
      { workspace_id: world.workspaceId, workspace_name: workspace?.name, kind: 'tool', id: workspaceToolId },
    ]);
    expect(await lookUp(api, world.viewer, `${page}/other`)).toEqual([]);
  });

  test('never tells about workspaces the caller is not a member of, nor those their token does not reach', async ({
    api,
    world,
  }) => {
    const other = await catalogWorld(api);
    const page = `https://shared.example.com/${world.workspaceId}`;
    for (const workspaceId of [world.workspaceId, other.workspaceId]) {
      await seedResource(api.db.db, { workspaceId, url: page, fingerprint: fingerprintOf(page) });
    }
    const stranger = await api.user();
    expect(await lookUp(api, stranger, page)).toEqual([]);
    expect((await lookUp(api, world.viewer, page)).map((item) => item.workspace_id)).toEqual([
      world.workspaceId,
    ]);

    // The other workspace's owner joins the first, then makes a token limited to their own workspace.
    expectStatus(
      await api
        .as(world.owner)
        .post(`/workspaces/${world.workspaceId}/members`, { username: other.owner.username, role: 'viewer' }),
      201,
    );
    expect(new Set((await lookUp(api, other.owner, page)).map((item) => item.workspace_id))).toEqual(
      new Set([world.workspaceId, other.workspaceId]),
    );
    const created = expectStatus<{ token: string }>(
      await api
        .as(other.owner)
        .post('/tokens', { name: 'Extension', scope: 'read', workspace_id: other.workspaceId }),
      201,
    );
    const limited = { ...other.owner, token: created.token };
    expect((await lookUp(api, limited, page)).map((item) => item.workspace_id)).toEqual([other.workspaceId]);
  });

  test('refuses a missing or unusable URL with a 400 that says why', async ({ api }) => {
    const { viewer } = await catalogWorld(api);
    const missing = await api.as(viewer).get('/lookup');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/url/);
    const notWeb = await api.as(viewer).get(`/lookup?url=${encodeURIComponent('ftp://example.com/file')}`);
    expect(notWeb.statusCode).toBe(400);
    expect(notWeb.json().detail).toContain('Must be a valid http or https URL');
    expect((await api.as(null).get('/lookup?url=https%3A%2F%2Fexample.com')).statusCode).toBe(401);
  });
});
