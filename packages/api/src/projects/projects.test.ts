import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { projectSchema, type Project } from '@stackyard/contracts/project';
import type { Tool } from '@stackyard/contracts/tool';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { allPages, catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness } from '@stackyard/testing/harness';
import { projectSlug } from './projects.service.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

afterAll(() => h.closeChecked());

async function create(world: CatalogWorld, body: Record<string, unknown>): Promise<Project> {
  const response = await h.as(world.editor).post('/projects', { workspace_id: world.workspaceId, ...body });
  return projectSchema.parse(expectStatus(response, 201));
}

async function tool(world: CatalogWorld, slug: string): Promise<string> {
  const seeded = await seedTool(h.db.db, {
    workspaceId: world.workspaceId,
    url: `https://${slug}.example.com/${world.workspaceId}`,
    slug,
  });
  return seeded.workspaceToolId;
}

describe('projects', () => {
  it('derives slugs unique in the workspace and refuses a taken one', async () => {
    expect(projectSlug('Mon Café App!')).toBe('mon-cafe-app');
    expect(projectSlug('!!!')).toBe('project');
    const world = await catalogWorld(h);
    const first = await create(world, { metadata: { name: 'My App' } });
    expect(first).toMatchObject({
      workspace_id: world.workspaceId,
      slug: 'my-app',
      metadata: { name: 'My App' },
    });
    expect((await create(world, { metadata: { name: 'my app' } })).slug).toBe('my-app-2');
    const taken = await h.as(world.editor).post('/projects', {
      workspace_id: world.workspaceId,
      metadata: { name: 'X' },
      slug: 'my-app',
    });
    expect(taken.statusCode).toBe(409);
    expect(problemSchema.parse(taken.json()).detail).toMatch(/already has a project with the slug "my-app"/);
    // Another workspace has its own slugs.
    expect((await create(await catalogWorld(h), { metadata: { name: 'My App' } })).slug).toBe('my-app');
    const invalid = await h
      .as(world.editor)
      .post('/projects', { workspace_id: world.workspaceId, metadata: { name: ' ' } });
    expect(problemSchema.parse(invalid.json()).errors).toContainEqual({
      pointer: '/body/metadata/name',
      detail: 'Name is required',
    });
    expect(
      (
        await h
          .as(world.viewer)
          .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'V' } })
      ).statusCode,
    ).toBe(403);
  });

  it('is read by id and by slug, renamed, re-slugged and deleted', async () => {
    const world = await catalogWorld(h);
    const project = await create(world, { metadata: { name: 'Site' } });
    expect(expectStatus(await h.as(world.viewer).get(`/projects/${project.id}`), 200)).toEqual(project);
    expect(
      expectStatus(await h.as(world.viewer).get(`/projects/workspace/${world.workspaceId}/slug/site`), 200),
    ).toEqual(project);
    const renamed = expectStatus<Project>(
      await h
        .as(world.editor)
        .put(`/projects/${project.id}`, { metadata: { name: 'Website' }, slug: 'website' }),
      200,
    );
    expect(renamed).toMatchObject({ slug: 'website', metadata: { name: 'Website' } });
    await create(world, { metadata: { name: 'Other' } });
    expect((await h.as(world.editor).put(`/projects/${project.id}`, { slug: 'other' })).statusCode).toBe(409);
    expect((await h.as(world.viewer).put(`/projects/${project.id}`, { slug: 'x' })).statusCode).toBe(403);
    expectStatus(await h.as(world.owner).delete(`/projects/${project.id}`), 204);
    for (const path of [`/projects/${project.id}`, `/projects/workspace/${world.workspaceId}/slug/website`]) {
      const gone = await h.as(world.viewer).get(path);
      expect(gone.statusCode).toBe(404);
      expect(problemSchema.parse(gone.json()).detail).toBe('Project not found');
    }
    const stranger = await h.user();
    const other = await create(world, { metadata: { name: 'Hidden' } });
    expect(problemSchema.parse((await h.as(stranger).get(`/projects/${other.id}`)).json()).detail).toBe(
      'Project not found',
    );
  });

  it('links and unlinks the tools it uses, only tools of its workspace', async () => {
    const world = await catalogWorld(h);
    const [vite, react] = [await tool(world, 'vite'), await tool(world, 'react')];
    const foreign = await tool(await catalogWorld(h), 'foreign');
    const refused = await h.as(world.editor).post('/projects', {
      workspace_id: world.workspaceId,
      metadata: { name: 'P' },
      tool_ids: [vite, foreign],
    });
    expect(refused.statusCode).toBe(422);
    const project = await create(world, { metadata: { name: 'P' }, tool_ids: [vite] });
    expectStatus(await h.as(world.editor).put(`/projects/${project.id}/tools/${react}`), 204);
    expectStatus(await h.as(world.editor).put(`/projects/${project.id}/tools/${react}`), 204);
    const tools = expectStatus<Tool[]>(await h.as(world.viewer).get(`/projects/${project.id}/tools`), 200);
    expect(tools.map((t) => t.slug)).toEqual(['react', 'vite']);
    expect((await h.as(world.editor).put(`/projects/${project.id}/tools/${foreign}`)).statusCode).toBe(404);
    expectStatus(await h.as(world.editor).delete(`/projects/${project.id}/tools/${vite}`), 204);
    expect((await h.as(world.editor).delete(`/projects/${project.id}/tools/${vite}`)).statusCode).toBe(404);
    const left = expectStatus<Tool[]>(await h.as(world.viewer).get(`/projects/${project.id}/tools`), 200);
    expect(left.map((t) => t.slug)).toEqual(['react']);
  });

  it('lists by recent or name, paged, filtered by tag', async () => {
    const world = await catalogWorld(h);
    for (const name of ['c', 'a', 'b']) await create(world, { metadata: { name } });
    const byName = await allPages<Project>((cursor) =>
      h
        .as(world.viewer)
        .get(
          `/projects?workspace_id=${world.workspaceId}&sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        ),
    );
    expect(byName.flat().map((p) => p.metadata.name)).toEqual(['a', 'b', 'c']);
    const recent = expectStatus<Project[]>(
      await h.as(world.viewer).get(`/projects?workspace_id=${world.workspaceId}`),
      200,
    );
    expect(recent.map((p) => p.metadata.name)).toEqual(['b', 'a', 'c']);
    const tag = expectStatus<{ id: string }>(
      await h
        .as(world.editor)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'x', color: '#000000' }),
      201,
    );
    const b = recent[0]?.id ?? '';
    expectStatus(await h.as(world.editor).put(`/projects/${b}/tags/${tag.id}`), 204);
    const tagged = expectStatus<Project[]>(
      await h.as(world.viewer).get(`/projects?workspace_id=${world.workspaceId}&tag=${tag.id}`),
      200,
    );
    expect(tagged.map((p) => p.id)).toEqual([b]);
    expect(
      (await h.as(world.viewer).get(`/projects?workspace_id=${world.workspaceId}&sort=rating`)).statusCode,
    ).toBe(400);
  });
});
