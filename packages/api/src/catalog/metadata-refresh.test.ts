// "Refresh metadata": the item's page is read again from a local fixture site (never the internet) and the
// answer lists, field by field, what the page now says differently, without writing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataRefreshSchema } from '@stackyard/contracts/metadata-refresh';
import { problemSchema } from '@stackyard/contracts/problem';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import type { Harness } from '@stackyard/testing/harness';
import { createIngestionHarness } from '@stackyard/testing/ingestion-harness';

let h: Harness;
let fixture: FixtureServer;

beforeAll(async () => {
  ({ h, fixture } = await createIngestionHarness());
});

afterAll(() => h.closeChecked());

describe('POST /tools/workspace/{toolId}/refresh', () => {
  it('proposes what the page says now, marks the fields edited by hand, and applies nothing', async () => {
    const world = await catalogWorld(h);
    const url = `${fixture.origin}/tool`;
    const { workspaceToolId } = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url,
      fingerprint: `refresh-${world.workspaceId}`,
      slug: 'rocket',
      name: 'Old rocket',
      description: 'Written long ago',
      forgeUrl: 'https://github.com/rocket-dev/rocket',
    });
    expectStatus(
      await h.as(world.editor).patch(`/tools/workspace/${workspaceToolId}`, { name: 'Our Rocket' }),
      200,
    );

    const response = await h.as(world.editor).post(`/tools/workspace/${workspaceToolId}/refresh`);
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
      { field: 'homepage_url', current: null, proposed: `${fixture.origin}/`, edited_by_hand: false },
    ]);

    const tool = toolSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${workspaceToolId}`), 200),
    );
    expect(tool.metadata).toMatchObject({ name: 'Our Rocket', description: 'Written long ago' });
  });

  it('refuses a viewer (403) and says why a page cannot be read (422)', async () => {
    const world = await catalogWorld(h);
    const { workspaceToolId } = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url: `${fixture.origin}/status/404`,
      fingerprint: `gone-${world.workspaceId}`,
      slug: 'gone',
    });
    expectStatus(await h.as(world.viewer).post(`/tools/workspace/${workspaceToolId}/refresh`), 403);
    const problem = problemSchema.parse(
      expectStatus(await h.as(world.editor).post(`/tools/workspace/${workspaceToolId}/refresh`), 422),
    );
    expect(problem.detail).toMatch(/^The page could not be read: /);
  });
});

describe('POST /resources/{id}/refresh', () => {
  it('proposes the title and description of the page', async () => {
    const world = await catalogWorld(h);
    const id = await seedResource(h.db.db, {
      workspaceId: world.workspaceId,
      url: `${fixture.origin}/tool`,
      title: 'Rocket — static sites, fast',
    });
    const refresh = metadataRefreshSchema.parse(
      expectStatus(await h.as(world.editor).post(`/resources/${id}/refresh`), 200),
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
      expectStatus(await h.as(world.viewer).get(`/resources/${id}`), 200),
    );
    expect(resource.metadata.extracted_description).toBeNull();
  });
});
