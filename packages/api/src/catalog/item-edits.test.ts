import { describe, expect } from 'vitest';
import { compareResponseSchema } from '@stackyard/contracts/compare';
import { problemSchema } from '@stackyard/contracts/problem';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolListSchema, toolSchema } from '@stackyard/contracts/tool';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';

const test = apiTest();

function fingerprintOf(url: string): string {
  const result = fingerprintUrl(url);
  if (!result.ok) throw new Error(`not a URL: ${url}`);
  return result.value.fingerprint;
}

describe('PATCH /tools/workspace/{toolId}', () => {
  async function sharedTool(api: Harness) {
    const [mine, theirs] = await Promise.all([catalogWorld(api), catalogWorld(api)]);
    const url = `https://shared-${mine.workspaceId}.example/`;
    const global = { url, name: 'Shared', description: 'From the page', homepageUrl: url };
    const own = await seedTool(api.db.db, { workspaceId: mine.workspaceId, slug: 'shared', ...global });
    const other = await seedTool(api.db.db, { workspaceId: theirs.workspaceId, slug: 'shared', ...global });
    expect(other.toolId).toBe(own.toolId);
    return { mine, theirs, toolId: own.workspaceToolId, otherToolId: other.workspaceToolId };
  }

  test("lets an editor correct the workspace's tool without changing what another workspace sees", async ({
    api,
  }) => {
    const { mine, theirs, toolId, otherToolId } = await sharedTool(api);
    const response = await api.as(mine.editor).patch(`/tools/workspace/${toolId}`, {
      name: '  Renamed  ',
      description: null,
      forge_url: 'https://github.com/example/shared',
      documentation_url: 'https://docs.example/shared',
    });
    const tool = toolSchema.parse(expectStatus(response, 200));
    expect(tool.metadata).toMatchObject({
      name: 'Renamed',
      description: null,
      canonical_links: {
        homepage_url: `https://shared-${mine.workspaceId}.example/`,
        forge_url: 'https://github.com/example/shared',
        documentation_url: 'https://docs.example/shared',
      },
    });
    expect(tool.edited_fields).toEqual(['description', 'documentation_url', 'forge_url', 'name']);

    // The list and a later read answer the correction too.
    const list = toolListSchema.parse(
      expectStatus(await api.as(mine.viewer).get(`/tools?workspace_id=${mine.workspaceId}`), 200),
    );
    expect(list[0]?.metadata.name).toBe('Renamed');

    const theirsNow = toolSchema.parse(
      expectStatus(await api.as(theirs.viewer).get(`/tools/workspace/${otherToolId}`), 200),
    );
    expect(theirsNow.metadata).toMatchObject({
      name: 'Shared',
      description: 'From the page',
      canonical_links: { forge_url: null, documentation_url: null },
    });
    expect(theirsNow.edited_fields).toEqual([]);
  });

  test("finds the tool by its corrected name in the workspace's search", async ({ api }) => {
    const { mine, theirs, toolId } = await sharedTool(api);
    expectStatus(await api.as(mine.editor).patch(`/tools/workspace/${toolId}`, { name: 'Quokkaflow' }), 200);
    const search = (world: typeof mine) =>
      api.as(world.viewer).get(`/search?workspace_id=${world.workspaceId}&q=quokkaflow`);
    expect(JSON.stringify(expectStatus(await search(mine), 200))).toContain(toolId);
    expect(JSON.stringify(expectStatus(await search(theirs), 200))).not.toContain('Quokkaflow');
  });

  test('answers the correction wherever the workspace reads the tool, e.g. its comparison', async ({
    api,
  }) => {
    const { mine, theirs, toolId } = await sharedTool(api);
    for (const world of [mine, theirs]) {
      await seedTool(api.db.db, {
        workspaceId: world.workspaceId,
        url: `https://b-${mine.workspaceId}.example/`,
        slug: 'other',
      });
    }
    const patch = { name: 'Corrected', forge_url: 'https://github.com/example/corrected' };
    expectStatus(await api.as(mine.editor).patch(`/tools/workspace/${toolId}`, patch), 200);
    const overview = async (world: typeof mine) => {
      const response = await api
        .as(world.viewer)
        .get(`/workspaces/${world.workspaceId}/compare?tools=shared,other`);
      return compareResponseSchema.parse(expectStatus(response, 200)).tools[0]?.overview;
    };
    expect(await overview(mine)).toMatchObject({
      name: 'Corrected',
      repository_url: 'https://github.com/example/corrected',
    });
    expect(await overview(theirs)).toMatchObject({ name: 'Shared', repository_url: null });
  });

  test('refuses a viewer (403) and leaves the tool as it was', async ({ api }) => {
    const { mine, toolId } = await sharedTool(api);
    const response = await api
      .as(mine.viewer)
      .patch(`/tools/workspace/${toolId}`, { name: 'Viewer was here' });
    expectStatus(response, 403);
    const tool = toolSchema.parse(
      expectStatus(await api.as(mine.viewer).get(`/tools/workspace/${toolId}`), 200),
    );
    expect(tool.metadata.name).toBe('Shared');
  });

  test('answers 400 naming the field for a URL that is not http(s), an empty name or an unknown field', async ({
    api,
  }) => {
    const { mine, toolId } = await sharedTool(api);
    for (const [body, pointer] of [
      [{ homepage_url: 'javascript:alert(1)' }, '/body/homepage_url'],
      [{ documentation_url: `https://docs.example/${'a'.repeat(2048)}` }, '/body/documentation_url'],
      [{ name: '   ' }, '/body/name'],
      [{ slug: 'other' }, '/body/'],
      [{}, '/body/'],
    ] as const) {
      const problem = problemSchema.parse(
        expectStatus(await api.as(mine.editor).patch(`/tools/workspace/${toolId}`, body), 400),
      );
      expect(problem.errors?.map((error) => error.pointer)).toEqual([pointer]);
    }
    const tool = toolSchema.parse(
      expectStatus(await api.as(mine.viewer).get(`/tools/workspace/${toolId}`), 200),
    );
    expect(tool.edited_fields).toEqual([]);
  });
});

describe('PATCH /resources/{id}', () => {
  test('lets an editor correct the title, description and link, re-fingerprinted', async ({ api, world }) => {
    const id = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://blog.example/old',
      fingerprint: fingerprintOf('https://blog.example/old'),
      title: 'Old title',
      description: 'Old description',
    });
    const response = await api.as(world.editor).patch(`/resources/${id}`, {
      title: 'New title',
      description: null,
      url: 'https://blog.example/new?utm_source=feed',
    });
    const resource = resourceSchema.parse(expectStatus(response, 200));
    expect(resource).toMatchObject({
      raw_submitted_url: 'https://blog.example/new?utm_source=feed',
      metadata: { extracted_title: 'New title', extracted_description: null },
      edited_fields: ['description', 'title', 'url'],
    });
    // The old link is free again: another resource may take it; the new one (tracking removed) is taken.
    const other = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://blog.example/other',
      fingerprint: fingerprintOf('https://blog.example/other'),
    });
    expectStatus(
      await api.as(world.editor).patch(`/resources/${other}`, { url: 'https://blog.example/old' }),
      200,
    );
    const taken = await api
      .as(world.editor)
      .patch(`/resources/${other}`, { url: 'https://blog.example/new' });
    expect(problemSchema.parse(expectStatus(taken, 409)).detail).toBe(
      `This link is already saved in the workspace as "New title" (resource ${id})`,
    );
  });

  test('refuses a link another resource of the workspace has (409 naming it), and keeps both', async ({
    api,
    world,
  }) => {
    const first = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://docs.example/guide',
      fingerprint: fingerprintOf('https://docs.example/guide'),
      title: 'The guide',
    });
    const second = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://docs.example/other',
      fingerprint: fingerprintOf('https://docs.example/other'),
    });
    const response = await api
      .as(world.editor)
      .patch(`/resources/${second}`, { url: 'https://DOCS.example/guide#intro', title: 'Lost?' });
    const problem = problemSchema.parse(expectStatus(response, 409));
    expect(problem.detail).toBe(
      `This link is already saved in the workspace as "The guide" (resource ${first})`,
    );
    const kept = resourceSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${second}`), 200),
    );
    expect(kept).toMatchObject({
      raw_submitted_url: 'https://docs.example/other',
      metadata: { extracted_title: null },
      edited_fields: [],
    });
  });

  test('refuses a viewer (403), a non-member (404) and a bad URL (400 naming url)', async ({
    api,
    world,
  }) => {
    const stranger = await catalogWorld(api);
    const id = await seedResource(api.db.db, { workspaceId: world.workspaceId, url: 'https://a.example/' });
    expectStatus(await api.as(world.viewer).patch(`/resources/${id}`, { title: 'Viewer' }), 403);
    expectStatus(await api.as(stranger.owner).patch(`/resources/${id}`, { title: 'Stranger' }), 404);
    const problem = problemSchema.parse(
      expectStatus(
        await api.as(world.editor).patch(`/resources/${id}`, { url: 'ftp://a.example/file' }),
        400,
      ),
    );
    expect(problem.errors?.map((error) => error.pointer)).toEqual(['/body/url']);
    const kept = resourceSchema.parse(expectStatus(await api.as(world.viewer).get(`/resources/${id}`), 200));
    expect(kept).toMatchObject({
      raw_submitted_url: 'https://a.example/',
      metadata: { extracted_title: null },
    });
  });
});
