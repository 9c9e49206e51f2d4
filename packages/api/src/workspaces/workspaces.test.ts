import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import {
  workspaceListItemSchema,
  workspaceListSchema,
  workspaceSummarySchema,
  type WorkspaceListItem,
} from '@stackyard/contracts/workspace';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { LAST_WORKSPACE } from './workspaces.service.ts';

const test = apiTest();

async function create(
  api: Harness,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<WorkspaceListItem> {
  const response = await api.as(user).post('/workspaces', body);
  expect(response.statusCode, response.body).toBe(201);
  return workspaceListItemSchema.parse(response.json());
}

function detailOf(response: { json(): unknown }) {
  return problemSchema.parse(response.json());
}

describe('create', () => {
  test('makes the caller owner and admin, with a slug derived from the name', async ({ api }) => {
    const owner = await api.user('ws_owner');
    const workspace = await create(api, owner, { name: 'Café Tools!', description: 'Mine' });
    expect(workspace).toMatchObject({
      name: 'Café Tools!',
      slug: 'cafe-tools',
      description: 'Mine',
      owner_id: owner.id,
      access_level: 'admin',
      is_owner: true,
      owner_username: 'ws_owner',
      previous_slugs: [],
      owner_previous_usernames: [],
    });
    const list = workspaceListSchema.parse((await api.as(owner).get('/workspaces')).json());
    expect(list).toEqual([workspace]);
  });

  test('makes derived slugs unique per owner, and refuses a taken explicit slug', async ({ api }) => {
    const owner = await api.user();
    expect((await create(api, owner, { name: 'Main' })).slug).toBe('main');
    expect((await create(api, owner, { name: 'main' })).slug).toBe('main-2');
    expect((await create(api, owner, { name: 'A' })).slug).toBe('a-workspace');
    const taken = await api.as(owner).post('/workspaces', { name: 'Other', slug: 'main' });
    expect(taken.statusCode).toBe(409);
    expect(detailOf(taken).detail).toMatch(/already have a workspace with the slug "main"/);
    // Another owner has a slug space of their own.
    expect((await create(api, await api.user(), { name: 'x', slug: 'main' })).slug).toBe('main');
  });

  test('answers the exact messages for bad input', async ({ api }) => {
    const owner = await api.user();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, '/body/name', 'Name is required'],
      [{ name: 'N', slug: 'ab' }, '/body/slug', 'Slug must be at least 3 characters'],
      [{ name: 'N', slug: 'a'.repeat(64) }, '/body/slug', 'Slug must be at most 63 characters'],
      [
        { name: 'N', slug: 'Bad Slug' },
        '/body/slug',
        'Slug can only contain lowercase letters, numbers, and dashes',
      ],
    ];
    for (const [body, pointer, detail] of cases) {
      const response = await api.as(owner).post('/workspaces', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(detailOf(response).errors).toContainEqual({ pointer, detail });
    }
    const unknown = await api.as(owner).post('/workspaces', { name: 'N', owner_id: owner.id });
    expect(unknown.statusCode).toBe(400);
  });

  test('never answers 500 to simultaneous creates with one slug', async ({ api }) => {
    const owner = await api.user();
    const explicit = await Promise.all(
      Array.from({ length: 5 }, () => api.as(owner).post('/workspaces', { name: 'Race', slug: 'race' })),
    );
    expect(explicit.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const derived = await Promise.all(
      Array.from({ length: 5 }, () => api.as(owner).post('/workspaces', { name: 'Dash' })),
    );
    expect(derived.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const slugs = derived.map((response) => (response.json() as WorkspaceListItem).slug).sort();
    expect(slugs).toEqual(['dash', 'dash-2', 'dash-3', 'dash-4', 'dash-5']);
  });
});

describe('read', () => {
  test('answers 404 to a non-member and 400 to a malformed id', async ({ api }) => {
    const owner = await api.user();
    const workspace = await create(api, owner, { name: 'Private' });
    const stranger = await api.user();
    const hidden = await api.as(stranger).get(`/workspaces/${workspace.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(detailOf(hidden).detail).toBe('Workspace not found');
    const missing = await api.as(owner).get(`/workspaces/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    const malformed = await api.as(owner).get('/workspaces/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(detailOf(malformed).errors?.[0]?.pointer).toBe('/params/id');
    // Upper-case ids name the same workspace.
    expect((await api.as(owner).get(`/workspaces/${workspace.id.toUpperCase()}`)).statusCode).toBe(200);
  });
});

describe('update', () => {
  test('keeps changed slugs in previous_slugs, and they stay reserved', async ({ api }) => {
    const owner = await api.user();
    const workspace = await create(api, owner, { name: 'Alpha' });
    const renamed = await api.as(owner).put(`/workspaces/${workspace.id}`, { name: 'Beta', slug: 'beta' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Beta', slug: 'beta', previous_slugs: ['alpha'] });
    // A previous slug keeps resolving to this workspace, so no other workspace of the owner may take it.
    expect((await create(api, owner, { name: 'Alpha' })).slug).toBe('alpha-2');
    const clash = await create(api, owner, { name: 'Gamma' });
    expect((await api.as(owner).put(`/workspaces/${clash.id}`, { slug: 'alpha' })).statusCode).toBe(409);
    // Taking an earlier slug back moves it out of the history.
    const back = await api.as(owner).put(`/workspaces/${workspace.id}`, { slug: 'alpha' });
    expect(back.json()).toMatchObject({ slug: 'alpha', previous_slugs: ['beta'] });
    const same = await api.as(owner).put(`/workspaces/${workspace.id}`, { slug: 'alpha', description: '' });
    expect(same.json()).toMatchObject({ slug: 'alpha', previous_slugs: ['beta'], description: null });
  });
});

describe('delete', () => {
  test('refuses the last workspace with a detail to show, then deletes everything in one go', async ({
    api,
  }) => {
    const owner = await api.user();
    const first = await create(api, owner, { name: 'Only' });
    const refused = await api.as(owner).delete(`/workspaces/${first.id}`);
    expect(refused.statusCode).toBe(409);
    expect(detailOf(refused).detail).toBe(LAST_WORKSPACE);

    const second = await create(api, owner, { name: 'Second' });
    const member = await api.user('ws_member_del');
    await api
      .as(owner)
      .post(`/workspaces/${second.id}/members`, { username: 'ws_member_del', role: 'editor' });
    const deleted = await api.as(owner).delete(`/workspaces/${second.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await api.as(owner).get(`/workspaces/${second.id}`)).statusCode).toBe(404);
    expect((await api.as(member).get('/workspaces')).json()).toEqual([]);
    const left = await api.db.rows<{ count: number }>(
      sql`select count(*)::int as count from workspace_members where workspace_id = ${second.id}`,
    );
    expect(left).toEqual([{ count: 0 }]);
  });

  test('lets only one of two simultaneous deletes of the last two workspaces through', async ({ api }) => {
    const owner = await api.user();
    const a = await create(api, owner, { name: 'A one' });
    const b = await create(api, owner, { name: 'B two' });
    const responses = await Promise.all([
      api.as(owner).delete(`/workspaces/${a.id}`),
      api.as(owner).delete(`/workspaces/${b.id}`),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 409]);
    expect((await api.as(owner).get('/workspaces')).json()).toHaveLength(1);
  });
});

describe('summary', () => {
  test('counts what the workspace holds, for every member, and nothing of other workspaces', async ({
    api,
  }) => {
    const owner = await api.user('ws_sum_owner');
    const viewer = await api.user('ws_sum_viewer');
    const outsider = await api.user();
    const workspace = await create(api, owner, { name: 'Summed' });
    const other = await create(api, owner, { name: 'Other' });
    await api
      .as(owner)
      .post(`/workspaces/${workspace.id}/members`, { username: 'ws_sum_viewer', role: 'viewer' });

    const empty = await api.as(viewer).get(`/workspaces/${workspace.id}/summary`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(workspaceSummarySchema.parse(empty.json())).toEqual({
      workspace_id: workspace.id,
      tools: 0,
      resources: 0,
      projects: 0,
      tags: 0,
      members: 2,
      ingestions_in_progress: 0,
      ingestions_needing_review: 0,
    });

    for (const [index, slug] of ['vite', 'vitest'].entries()) {
      await seedTool(api.db.db, { workspaceId: workspace.id, url: `https://sum.example/${index}`, slug });
    }
    await seedTool(api.db.db, { workspaceId: other.id, url: 'https://sum.example/other', slug: 'other' });
    await seedResource(api.db.db, { workspaceId: workspace.id, url: 'https://sum.example/read' });
    await api.as(owner).post('/projects', { workspace_id: workspace.id, metadata: { name: 'Site' } });
    await api.as(owner).post('/tags', { workspace_id: workspace.id, tag_name: 'build', color: '#3b82f6' });
    for (const status of ['pending', 'fetching', 'quarantined', 'failed', 'completed']) {
      await api.db.rows(sql`insert into ingestion_submissions
        (workspace_id, submitted_url, submitted_fingerprint, submitted_by_user_id, status)
        values (${workspace.id}, 'https://sum.example/x', ${status}, ${owner.id}, ${status})`);
    }

    const full = workspaceSummarySchema.parse(
      (await api.as(viewer).get(`/workspaces/${workspace.id}/summary`)).json(),
    );
    expect(full).toMatchObject({
      tools: 2,
      resources: 1,
      projects: 1,
      tags: 1,
      members: 2,
      ingestions_in_progress: 2,
      ingestions_needing_review: 2,
    });

    const refused = await api.as(outsider).get(`/workspaces/${workspace.id}/summary`);
    expect(refused.statusCode).toBe(404);
    expect(detailOf(refused).detail).toBe('Workspace not found');
    expect((await api.as(owner).get('/workspaces/not-an-id/summary')).statusCode).toBe(400);
  });
});
