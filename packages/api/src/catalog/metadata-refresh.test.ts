// "Refresh metadata": the item's page is read again from a local fixture site (never the internet) and the
// answer lists, field by field, what the page now says differently, without writing anything.
import { describe, expect } from 'vitest';
import { metadataRefreshSchema } from '@stackyard/contracts/metadata-refresh';
import { problemSchema } from '@stackyard/contracts/problem';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import { ingestionTest } from '@stackyard/testing/ingestion-harness';

const test = ingestionTest();

describe('POST /tools/workspace/{toolId}/refresh', () => {
  test('proposes what the page says now, marks the fields edited by hand, and applies nothing', async ({
    api,
    site,
    world,
  }) => {
    const url = `${site.origin}/tool`;
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url,
      fingerprint: `refresh-${world.workspaceId}`,
      slug: 'rocket',
      name: 'Old rocket',
      description: 'Written long ago',
      forgeUrl: 'https://github.com/rocket-dev/rocket',
    });
    expectStatus(
      await api.as(world.editor).patch(`/tools/workspace/${workspaceToolId}`, { name: 'Our Rocket' }),
      200,
    );

    const response = await api.as(world.editor).post(`/tools/workspace/${workspaceToolId}/refresh`);
    const refresh = metadataRefreshSchema.parse(expectStatus(response, 200));
    expect(refresh.url).toBe(url);
    expect(refresh.changes).toEqual([
      { field: 'name', current: 'Our Rocket', proposed: 'Rocket', edited_by_hand: true },
      {
        field: 'description',
        current: 'Written long ago',
        proposed: 'Rocket builds & ships static sites in milliseconds.',
        edited_by_hand: false,
      },
      { field: 'homepage_url', current: null, proposed: `${site.origin}/`, edited_by_hand: false },
    ]);

    const tool = toolSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${workspaceToolId}`), 200),
    );
    expect(tool.metadata).toMatchObject({ name: 'Our Rocket', description: 'Written long ago' });
  });

  test('refuses a viewer (403) and says why a page cannot be read (422)', async ({ api, site, world }) => {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin}/status/404`,
      fingerprint: `gone-${world.workspaceId}`,
      slug: 'gone',
    });
    expectStatus(await api.as(world.viewer).post(`/tools/workspace/${workspaceToolId}/refresh`), 403);
    const problem = problemSchema.parse(
      expectStatus(await api.as(world.editor).post(`/tools/workspace/${workspaceToolId}/refresh`), 422),
    );
    expect(problem.detail).toMatch(/^The page could not be read: /);
  });
});

describe('POST /resources/{id}/refresh', () => {
  test('proposes the title and description of the page', async ({ api, site, world }) => {
    const id = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: `${site.origin}/tool`,
      title: 'Rocket — static sites, fast',
    });
    const refresh = metadataRefreshSchema.parse(
      expectStatus(await api.as(world.editor).post(`/resources/${id}/refresh`), 200),
    );
    expect(refresh.changes).toEqual([
      {
        field: 'description',
        current: null,
        proposed: 'Rocket builds & ships static sites in milliseconds.',
        edited_by_hand: false,
      },
    ]);
    const resource = resourceSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${id}`), 200),
    );
    expect(resource.metadata.extracted_description).toBeNull();
  });
});
