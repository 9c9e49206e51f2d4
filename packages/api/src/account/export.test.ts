import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { accountExportSchema, type AccountExport } from '@stackyard/contracts/account';
import {
  comments,
  profiles,
  projectTags,
  projects,
  resourceTags,
  resources,
  tags,
  toolTags,
  usernames,
  workspaceMembers,
  workspaceTools,
  workspaces,
} from '@stackyard/db/schema';
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

/** A fixed time with microseconds, and what the export writes of it (milliseconds, cut not rounded). */
const stored = (second: number) =>
  sql`${`2021-02-03 04:05:${String(second).padStart(2, '0')}.123999+00`}::timestamptz`;
const written = (second: number) => `2021-02-03T04:05:${String(second).padStart(2, '0')}.123Z`;

describe('GET /me/export, the document itself', () => {
  test('writes every field of every section, in this key order, byte for byte', async ({ api }) => {
    const db = api.db.db;
    const me = await api.user('pin_me');
    const friend = await api.user('pin_friend');
    await api.as(me).put('/profile', {
      display_name: 'Pin Me',
      bio: 'Bio',
      avatar_url: 'https://example.com/me.png',
      theme: 'dark',
    });
    const mine = expectStatus<{ id: string }>(await api.as(me).post('/workspaces', { name: 'Pinned' }), 201);
    await db
      .update(workspaces)
      .set({ description: 'What we use', previousSlugs: ['old-pinned'] })
      .where(eq(workspaces.id, mine.id));
    expectStatus(
      await api.as(me).post(`/workspaces/${mine.id}/members`, { username: 'pin_friend', role: 'viewer' }),
      201,
    );
    const tag = expectStatus<{ id: string }>(
      await api.as(me).post('/tags', {
        workspace_id: mine.id,
        tag_name: 'core',
        color: '#ff0000',
        description: 'The core',
        criteria: ['Used daily'],
      }),
      201,
    );
    const { workspaceToolId: toolId } = await seedTool(db, {
      workspaceId: mine.id,
      url: 'https://pin.example/tool',
      slug: 'pin-tool',
      name: 'Pin Tool',
      description: 'A tool',
      homepageUrl: 'https://pin.example',
      forgeUrl: 'https://github.com/pin/tool',
      rating: 4,
    });
    const { workspaceToolId: bareToolId } = await seedTool(db, {
      workspaceId: mine.id,
      url: 'https://bare.example/tool',
      slug: 'bare-tool',
    });
    expectStatus(
      await api
        .as(me)
        .put(`/tools/workspace/${toolId}/stance`, { stance: 'avoid', category: 'Build', note: 'Slow' }),
      200,
    );
    const resourceId = await seedResource(db, {
      workspaceId: mine.id,
      url: 'https://pin.example/read',
      title: 'Read',
      description: 'Worth reading',
      image: 'https://pin.example/read.png',
      rating: 3,
    });
    await db.update(resources).set({ siteName: 'Pin', author: 'Ann' }).where(eq(resources.id, resourceId));
    const project = expectStatus<{ id: string }>(
      await api.as(me).post('/projects', {
        workspace_id: mine.id,
        metadata: { name: 'Pin Project' },
        tool_ids: [toolId, bareToolId],
      }),
      201,
    );
    await db.insert(toolTags).values({ workspaceToolId: toolId, tagId: tag.id });
    await db.insert(resourceTags).values({ resourceId, tagId: tag.id });
    await db.insert(projectTags).values({ projectId: project.id, tagId: tag.id });
    const commented = async (user: TestUser, path: string, content: string) =>
      expectStatus<{ id: string }>(await api.as(user).post(`${path}/comments`, { content }), 201).id;
    const onProject = await commented(me, `/projects/${project.id}`, 'On the project');
    const onTool = await commented(me, `/tools/workspace/${toolId}`, 'On the tool');
    const onResource = await commented(friend, `/resources/workspace/${resourceId}`, 'On the resource');

    const theirs = expectStatus<{ id: string }>(
      await api.as(friend).post('/workspaces', { name: 'Theirs' }),
      201,
    );
    expectStatus(
      await api.as(friend).post(`/workspaces/${theirs.id}/members`, { username: 'pin_me', role: 'editor' }),
      201,
    );
    const { workspaceToolId: theirToolId } = await seedTool(db, {
      workspaceId: theirs.id,
      url: 'https://their.example/tool',
      slug: 'their-tool',
    });
    const theirResourceId = await seedResource(db, {
      workspaceId: theirs.id,
      url: 'https://their.example/r',
    });
    const theirProject = expectStatus<{ id: string }>(
      await api
        .as(friend)
        .post('/projects', { workspace_id: theirs.id, metadata: { name: 'Their Project' } }),
      201,
    );
    const elsewhereOnTool = await commented(me, `/tools/workspace/${theirToolId}`, 'There, on a tool');
    const elsewhereOnResource = await commented(me, `/resources/workspace/${theirResourceId}`, 'On a link');
    const elsewhereOnProject = await commented(me, `/projects/${theirProject.id}`, 'On their project');
    await commented(friend, `/projects/${theirProject.id}`, 'Not mine');

    // Every time fixed, each a second apart, so the whole document is known.
    const times = [
      [profiles, eq(profiles.identityId, me.id)],
      [usernames, eq(usernames.identityId, me.id)],
      [workspaces, eq(workspaces.id, mine.id)],
      [workspaceMembers, and(eq(workspaceMembers.workspaceId, mine.id), eq(workspaceMembers.userId, me.id))],
      [
        workspaceMembers,
        and(eq(workspaceMembers.workspaceId, mine.id), eq(workspaceMembers.userId, friend.id)),
      ],
      [tags, eq(tags.id, tag.id)],
      [workspaceTools, eq(workspaceTools.id, toolId)],
      [workspaceTools, eq(workspaceTools.id, bareToolId)],
      [resources, eq(resources.id, resourceId)],
      [projects, eq(projects.id, project.id)],
      [comments, eq(comments.commenterId, me.id)],
      [comments, eq(comments.commenterId, friend.id)],
    ] as const;
    for (const [index, [table, where]] of times.entries()) {
      const at = stored(index * 2);
      const set =
        'updatedAt' in table ? { createdAt: at, updatedAt: stored(index * 2 + 1) } : { createdAt: at };
      await db.update(table).set(set).where(where);
    }

    const response = await api.as(me).get('/me/export');
    expect(response.statusCode, response.body).toBe(200);
    const exportedAt = /^\{"format":"[^"]+","version":1,"exported_at":"([^"]+)"/.exec(response.body)?.[1];
    const byId = <T extends { id: string }>(list: T[]) => list.sort((a, b) => (a.id < b.id ? -1 : 1));
    const expected: AccountExport = {
      format: 'stackyard.account-export',
      version: 1,
      exported_at: exportedAt ?? 'missing',
      profile: {
        identity_id: me.id,
        email: null,
        display_name: 'Pin Me',
        bio: 'Bio',
        avatar_url: 'https://example.com/me.png',
        theme: 'dark',
        current_username: 'pin_me',
        usernames: [{ username: 'pin_me', is_current: true, created_at: written(2) }],
        created_at: written(0),
      },
      owned_workspaces: [
        {
          workspace: {
            id: mine.id,
            name: 'Pinned',
            slug: 'pinned',
            description: 'What we use',
            previous_slugs: ['old-pinned'],
            created_at: written(4),
            updated_at: written(5),
          },
          members: [
            {
              user_id: me.id,
              username: 'pin_me',
              access_role: 'admin',
              is_owner: true,
              joined_at: written(6),
            },
            {
              user_id: friend.id,
              username: 'pin_friend',
              access_role: 'viewer',
              is_owner: false,
              joined_at: written(8),
            },
          ],
          tags: [
            {
              id: tag.id,
              name: 'core',
              color: '#ff0000',
              description: 'The core',
              criteria: ['Used daily'],
              created_at: written(10),
            },
          ],
          tools: [
            {
              id: toolId,
              slug: 'pin-tool',
              raw_submitted_url: 'https://pin.example/tool',
              rating: 4,
              name: 'Pin Tool',
              description: 'A tool',
              canonical_url: 'https://pin.example/tool',
              homepage_url: 'https://pin.example',
              forge_url: 'https://github.com/pin/tool',
              stance: { stance: 'avoid', category: 'Build', note: 'Slow' },
              tag_ids: [tag.id],
              created_at: written(12),
              updated_at: written(13),
            },
            {
              id: bareToolId,
              slug: 'bare-tool',
              raw_submitted_url: 'https://bare.example/tool',
              rating: null,
              name: null,
              description: null,
              canonical_url: 'https://bare.example/tool',
              homepage_url: null,
              forge_url: null,
              stance: null,
              tag_ids: [],
              created_at: written(14),
              updated_at: written(15),
            },
          ],
          resources: [
            {
              id: resourceId,
              raw_submitted_url: 'https://pin.example/read',
              extracted_title: 'Read',
              extracted_description: 'Worth reading',
              extracted_image: 'https://pin.example/read.png',
              site_name: 'Pin',
              author: 'Ann',
              rating: 3,
              tag_ids: [tag.id],
              created_at: written(16),
              updated_at: written(17),
            },
          ],
          projects: [
            {
              id: project.id,
              slug: 'pin-project',
              name: 'Pin Project',
              tool_ids: [toolId, bareToolId].sort(),
              tag_ids: [tag.id],
              created_at: written(18),
              updated_at: written(19),
            },
          ],
          comments: byId([
            {
              id: onProject,
              on: { kind: 'project' as const, id: project.id },
              commenter_id: me.id,
              commenter_username: 'pin_me',
              content: 'On the project',
              created_at: written(20),
              updated_at: written(21),
            },
            {
              id: onTool,
              on: { kind: 'tool' as const, id: toolId },
              commenter_id: me.id,
              commenter_username: 'pin_me',
              content: 'On the tool',
              created_at: written(20),
              updated_at: written(21),
            },
            {
              id: onResource,
              on: { kind: 'resource' as const, id: resourceId },
              commenter_id: friend.id,
              commenter_username: 'pin_friend',
              content: 'On the resource',
              created_at: written(22),
              updated_at: written(23),
            },
          ]),
        },
      ],
      comments_elsewhere: byId([
        {
          id: elsewhereOnTool,
          workspace: { id: theirs.id, name: 'Theirs' },
          on: { kind: 'tool' as const, id: theirToolId, title: 'their-tool' },
          content: 'There, on a tool',
          created_at: written(20),
          updated_at: written(21),
        },
        {
          id: elsewhereOnResource,
          workspace: { id: theirs.id, name: 'Theirs' },
          on: { kind: 'resource' as const, id: theirResourceId, title: 'https://their.example/r' },
          content: 'On a link',
          created_at: written(20),
          updated_at: written(21),
        },
        {
          id: elsewhereOnProject,
          workspace: { id: theirs.id, name: 'Theirs' },
          on: { kind: 'project' as const, id: theirProject.id, title: 'Their Project' },
          content: 'On their project',
          created_at: written(20),
          updated_at: written(21),
        },
      ]),
    };
    expect(exportedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(response.body).toBe(JSON.stringify(expected));
  });
});
