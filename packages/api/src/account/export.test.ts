import { describe, expect } from 'vitest';
import { accountExportSchema, type AccountExport } from '@stackyard/contracts/account';
import { resources } from '@stackyard/db/schema';
import { seedResource, seedTool, urlFingerprint } from '@stackyard/testing/catalog-seed';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { EXPORT_PAGE_SIZE } from './export.service.ts';

const test = apiTest();

async function exportOf(api: Harness, user: TestUser): Promise<AccountExport> {
  const response = await api.as(user).get('/me/export');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="stackyard-export-.+\.json"$/,
  );
  return accountExportSchema.parse(JSON.parse(response.body));
}

describe('GET /me/export', () => {
  test('holds the profile, the owned workspaces with their catalog and the comments written elsewhere', async ({
    api,
  }) => {
    const me = await api.user('exporter');
    const friend = await api.user('exp_friend');
    await api.as(me).put('/profile', { display_name: 'Ex Porter', bio: 'Keeps everything' });
    await api.as(friend).put('/profile', { display_name: 'Secret Name', bio: 'Private bio' });
    const mine = expectStatus<{ id: string }>(
      await api.as(me).post('/workspaces', { name: 'My Stack' }),
      201,
    );
    expectStatus(
      await api.as(me).post(`/workspaces/${mine.id}/members`, { username: 'exp_friend', role: 'editor' }),
      201,
    );
    const { workspaceToolId: viteId } = await seedTool(api.db.db, {
      workspaceId: mine.id,
      url: 'https://vite.dev/export',
      slug: 'vite',
      name: 'Vite',
      rating: 5,
    });
    const resourceId = await seedResource(api.db.db, {
      workspaceId: mine.id,
      url: 'https://example.com/why-vite',
      title: 'Why Vite',
    });
    const tag = expectStatus<{ id: string }>(
      await api.as(me).post('/tags', { workspace_id: mine.id, tag_name: 'build', color: '#3b82f6' }),
      201,
    );
    expectStatus(await api.as(me).put(`/tools/workspace/${viteId}/tags/${tag.id}`), 204);
    expectStatus(
      await api.as(me).put(`/tools/workspace/${viteId}/stance`, { stance: 'preferred', category: 'Bundler' }),
      200,
    );
    const project = expectStatus<{ id: string }>(
      await api
        .as(me)
        .post('/projects', { workspace_id: mine.id, metadata: { name: 'Site' }, tool_ids: [viteId] }),
      201,
    );
    expectStatus(await api.as(me).post(`/tools/workspace/${viteId}/comments`, { content: 'My note' }), 201);
    expectStatus(
      await api.as(friend).post(`/resources/workspace/${resourceId}/comments`, { content: 'Friend note' }),
      201,
    );

    // The friend's workspace: only my comment there belongs in my export, not its catalog.
    const theirs = expectStatus<{ id: string }>(
      await api.as(friend).post('/workspaces', { name: 'Their Stack' }),
      201,
    );
    expectStatus(
      await api.as(friend).post(`/workspaces/${theirs.id}/members`, { username: 'exporter', role: 'viewer' }),
      201,
    );
    const { workspaceToolId: rollupId } = await seedTool(api.db.db, {
      workspaceId: theirs.id,
      url: 'https://rollupjs.org/export',
      slug: 'rollup',
      name: 'Rollup',
    });
    const elsewhere = expectStatus<{ id: string }>(
      await api.as(me).post(`/tools/workspace/${rollupId}/comments`, { content: 'Try Vite instead' }),
      201,
    );
    expectStatus(
      await api.as(friend).post(`/tools/workspace/${rollupId}/comments`, { content: 'Not yours' }),
      201,
    );

    const archive = await exportOf(api, me);
    expect(archive.format).toBe('stackyard.account-export');
    expect(archive.version).toBe(1);
    expect(archive.profile).toMatchObject({
      identity_id: me.id,
      display_name: 'Ex Porter',
      bio: 'Keeps everything',
      current_username: 'exporter',
      usernames: [{ username: 'exporter', is_current: true }],
    });
    expect(archive.owned_workspaces.map((owned) => owned.workspace.name)).toEqual(['My Stack']);
    const [owned] = archive.owned_workspaces;
    expect(
      owned?.members.map(({ username, access_role, is_owner }) => ({ username, access_role, is_owner })),
    ).toEqual([
      { username: 'exporter', access_role: 'admin', is_owner: true },
      { username: 'exp_friend', access_role: 'editor', is_owner: false },
    ]);
    // Another member's private profile never leaves with my data.
    expect(JSON.stringify(archive)).not.toMatch(/Secret Name|Private bio/);
    expect(owned?.tags).toEqual([expect.objectContaining({ id: tag.id, name: 'build', color: '#3b82f6' })]);
    expect(owned?.tools).toEqual([
      expect.objectContaining({
        id: viteId,
        slug: 'vite',
        name: 'Vite',
        rating: 5,
        stance: { stance: 'preferred', category: 'Bundler', note: null },
        tag_ids: [tag.id],
      }),
    ]);
    expect(owned?.resources).toEqual([
      expect.objectContaining({ id: resourceId, extracted_title: 'Why Vite', tag_ids: [] }),
    ]);
    expect(owned?.projects).toEqual([
      expect.objectContaining({ id: project.id, name: 'Site', tool_ids: [viteId], tag_ids: [] }),
    ]);
    expect(
      owned?.comments.map((comment) => [comment.on.kind, comment.commenter_username, comment.content]).sort(),
    ).toEqual([
      ['resource', 'exp_friend', 'Friend note'],
      ['tool', 'exporter', 'My note'],
    ]);
    expect(archive.comments_elsewhere).toEqual([
      expect.objectContaining({
        id: elsewhere.id,
        workspace: { id: theirs.id, name: 'Their Stack' },
        on: { kind: 'tool', id: rollupId, title: 'Rollup' },
        content: 'Try Vite instead',
      }),
    ]);
  });

  test('reads a catalog larger than a page whole, each row once, even when rows share a creation time', async ({
    api,
  }) => {
    const me = await api.user('big_exporter');
    const big = expectStatus<{ id: string }>(await api.as(me).post('/workspaces', { name: 'Big' }), 201);
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    // One statement: every row gets the same created_at, so only the id orders them.
    await api.db.db.insert(resources).values(
      Array.from({ length: count }, (_, index) => ({
        workspaceId: big.id,
        fingerprint: urlFingerprint(`https://example.com/big/${index}`),
        rawSubmittedUrl: `https://example.com/big/${index}`,
      })),
    );
    const archive = await exportOf(api, me);
    const urls = archive.owned_workspaces[0]?.resources.map((resource) => resource.raw_submitted_url) ?? [];
    expect(urls).toHaveLength(count);
    expect(new Set(urls).size).toBe(count);
  });

  test('is refused to an access token, which could otherwise carry a whole account away', async ({ api }) => {
    const me = await api.user('token_exporter');
    const created = expectStatus<{ token: string }>(
      await api.as(me).post('/tokens', { name: 'Script', scope: 'read' }),
      201,
    );
    const response = await api.as({ ...me, token: created.token }).get('/me/export');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: expect.stringContaining('access token') });
  });

  test('answers an empty export for a new user', async ({ api }) => {
    const me = await api.user();
    const archive = await exportOf(api, me);
    expect(archive.profile.current_username).toBeNull();
    expect(archive.owned_workspaces).toEqual([]);
    expect(archive.comments_elsewhere).toEqual([]);
  });
});
