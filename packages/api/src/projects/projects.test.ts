import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { projectSchema, type Project } from '@stackyard/contracts/project';
import type { Tool } from '@stackyard/contracts/tool';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { allPages, catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';
import { projectSlug } from './projects.service.ts';

const test = apiTest();

async function create(api: Harness, world: CatalogWorld, body: Record<string, unknown>): Promise<Project> {
  const response = await api.as(world.editor).post('/projects', { workspace_id: world.workspaceId, ...body });
  return projectSchema.parse(expectStatus(response, 201));
}

async function tool(api: Harness, world: CatalogWorld, slug: string): Promise<string> {
  const seeded = await seedTool(api.db.db, {
    workspaceId: world.workspaceId,
    url: `https://${slug}.example.com/${world.workspaceId}`,
    slug,
  });
  return seeded.workspaceToolId;
}

describe('projects', () => {
  test('derives slugs unique in the workspace and refuses a taken one', async ({ api }) => {
    expect(projectSlug('Mon Café App!')).toBe('mon-cafe-app');
    expect(projectSlug('!!!')).toBe('project');
    const world = await catalogWorld(api);
    const first = await create(api, world, { metadata: { name: 'My App' } });
    expect(first).toMatchObject({
      workspace_id: world.workspaceId,
      slug: 'my-app',
      metadata: { name: 'My App' },
    });
    expect((await create(api, world, { metadata: { name: 'my app' } })).slug).toBe('my-app-2');
    const taken = await api.as(world.editor).post('/projects', {
      workspace_id: world.workspaceId,
      metadata: { name: 'X' },
      slug: 'my-app',
    });
    expect(taken.statusCode).toBe(409);
    expect(problemSchema.parse(taken.json()).detail).toMatch(/already has a project with the slug "my-app"/);
    // Another workspace has its own slugs.
    expect((await create(api, await catalogWorld(api), { metadata: { name: 'My App' } })).slug).toBe(
      'my-app',
    );
    const invalid = await api
      .as(world.editor)
      .post('/projects', { workspace_id: world.workspaceId, metadata: { name: ' ' } });
    expect(problemSchema.parse(invalid.json()).errors).toContainEqual({
      pointer: '/body/metadata/name',
      detail: 'Name is required',
    });
    expect(
      (
        await api
          .as(world.viewer)
          .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'V' } })
      ).statusCode,
    ).toBe(403);
  });

  test('is read by id and by slug, renamed, re-slugged and deleted', async ({ api, world }) => {
    const project = await create(api, world, { metadata: { name: 'Site' } });
    expect(expectStatus(await api.as(world.viewer).get(`/projects/${project.id}`), 200)).toEqual(project);
    expect(
      expectStatus(await api.as(world.viewer).get(`/projects/workspace/${world.workspaceId}/slug/site`), 200),
    ).toEqual(project);
    const renamed = expectStatus<Project>(
      await api
        .as(world.editor)
        .put(`/projects/${project.id}`, { metadata: { name: 'Website' }, slug: 'website' }),
      200,
    );
    expect(renamed).toMatchObject({ slug: 'website', metadata: { name: 'Website' } });
    await create(api, world, { metadata: { name: 'Other' } });
    expect((await api.as(world.editor).put(`/projects/${project.id}`, { slug: 'other' })).statusCode).toBe(
      409,
    );
    expect((await api.as(world.viewer).put(`/projects/${project.id}`, { slug: 'x' })).statusCode).toBe(403);
    expectStatus(await api.as(world.owner).delete(`/projects/${project.id}`), 204);
    for (const path of [`/projects/${project.id}`, `/projects/workspace/${world.workspaceId}/slug/website`]) {
      const gone = await api.as(world.viewer).get(path);
      expect(gone.statusCode).toBe(404);
      expect(problemSchema.parse(gone.json()).detail).toBe('Project not found');
    }
    const stranger = await api.user();
    const other = await create(api, world, { metadata: { name: 'Hidden' } });
    expect(problemSchema.parse((await api.as(stranger).get(`/projects/${other.id}`)).json()).detail).toBe(
      'Project not found',
    );
  });

  test('links and unlinks the tools it uses, only tools of its workspace', async ({ api, world }) => {
    const [vite, react] = [await tool(api, world, 'vite'), await tool(api, world, 'react')];
    const foreign = await tool(api, await catalogWorld(api), 'foreign');
    const refused = await api.as(world.editor).post('/projects', {
      workspace_id: world.workspaceId,
      metadata: { name: 'P' },
      tool_ids: [vite, foreign],
    });
    expect(refused.statusCode).toBe(422);
    const project = await create(api, world, { metadata: { name: 'P' }, tool_ids: [vite] });
    expectStatus(await api.as(world.editor).put(`/projects/${project.id}/tools/${react}`), 204);
    expectStatus(await api.as(world.editor).put(`/projects/${project.id}/tools/${react}`), 204);
    const tools = expectStatus<Tool[]>(await api.as(world.viewer).get(`/projects/${project.id}/tools`), 200);
    expect(tools.map((t) => t.slug)).toEqual(['react', 'vite']);
    expect((await api.as(world.editor).put(`/projects/${project.id}/tools/${foreign}`)).statusCode).toBe(404);
    expectStatus(await api.as(world.editor).delete(`/projects/${project.id}/tools/${vite}`), 204);
    expect((await api.as(world.editor).delete(`/projects/${project.id}/tools/${vite}`)).statusCode).toBe(404);
    const left = expectStatus<Tool[]>(await api.as(world.viewer).get(`/projects/${project.id}/tools`), 200);
    expect(left.map((t) => t.slug)).toEqual(['react']);
  });

  test('lists by recent or name, paged, filtered by tag', async ({ api, world }) => {
    for (const name of ['c', 'a', 'b']) await create(api, world, { metadata: { name } });
    const byName = await allPages<Project>((cursor) =>
      api
        .as(world.viewer)
        .get(
          `/projects?workspace_id=${world.workspaceId}&sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        ),
    );
    expect(byName.flat().map((p) => p.metadata.name)).toEqual(['a', 'b', 'c']);
    const recent = expectStatus<Project[]>(
      await api.as(world.viewer).get(`/projects?workspace_id=${world.workspaceId}`),
      200,
    );
    expect(recent.map((p) => p.metadata.name)).toEqual(['b', 'a', 'c']);
    const tag = expectStatus<{ id: string }>(
      await api
        .as(world.editor)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'x', color: '#000000' }),
      201,
    );
    const b = recent[0]?.id ?? '';
    expectStatus(await api.as(world.editor).put(`/projects/${b}/tags/${tag.id}`), 204);
    const tagged = expectStatus<Project[]>(
      await api.as(world.viewer).get(`/projects?workspace_id=${world.workspaceId}&tag=${tag.id}`),
      200,
    );
    expect(tagged.map((p) => p.id)).toEqual([b]);
    expect(
      (await api.as(world.viewer).get(`/projects?workspace_id=${world.workspaceId}&sort=rating`)).statusCode,
    ).toBe(400);
  });
});
