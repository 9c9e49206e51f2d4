// An icon chosen by hand: the server fetches the image from a local fixture site (never the internet), keeps
// the app's copy, and shows it to the workspace that chose it only.
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { ingestionTest } from '@stackyard/testing/ingestion-harness';

const test = ingestionTest();

const MEDIA = /^\/api\/v1\/media\/[0-9a-f]{64}$/;

describe('icon_url in PATCH', () => {
  test("stores a tool's chosen icon for its workspace only, and serves the copy", async ({
    api,
    site,
    world: mine,
  }) => {
    const theirs = await catalogWorld(api);
    const url = `https://icon-${mine.workspaceId}.example/`;
    const own = await seedTool(api.db.db, { workspaceId: mine.workspaceId, url, slug: 'iconic' });
    const other = await seedTool(api.db.db, { workspaceId: theirs.workspaceId, url, slug: 'iconic' });
    const icon = `${site.origin}/favicon-32.png`;

    const response = await api
      .as(mine.editor)
      .patch(`/tools/workspace/${own.workspaceToolId}`, { icon_url: icon });
    const tool = toolSchema.parse(expectStatus(response, 200));
    expect(tool.metadata.icon_url).toBe(icon);
    expect(tool.metadata.media.icon).toMatch(MEDIA);
    expect(tool.edited_fields).toEqual(['icon_url']);
    const served = await api.as(mine.viewer).get(tool.metadata.media.icon?.replace('/api/v1', '') ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const theirsNow = toolSchema.parse(
      expectStatus(await api.as(theirs.viewer).get(`/tools/workspace/${other.workspaceToolId}`), 200),
    );
    expect(theirsNow.metadata).toMatchObject({ icon_url: null, media: { icon: null } });

    const cleared = await api
      .as(mine.editor)
      .patch(`/tools/workspace/${own.workspaceToolId}`, { icon_url: null });
    expect(toolSchema.parse(expectStatus(cleared, 200)).metadata).toMatchObject({
      icon_url: null,
      media: { icon: null },
    });
  });

  test('refuses what is not an image (422 naming icon_url) and a viewer (403), keeping the icon', async ({
    api,
    site,
    world,
  }) => {
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://plain-${world.workspaceId}.example/`,
      slug: 'plain',
    });
    const page = await api.as(world.editor).patch(`/tools/workspace/${workspaceToolId}`, {
      icon_url: `${site.origin}/tool`,
    });
    expect(problemSchema.parse(expectStatus(page, 422)).detail).toMatch(
      /^icon_url: the image could not be used: /,
    );
    const viewer = await api.as(world.viewer).patch(`/tools/workspace/${workspaceToolId}`, {
      icon_url: `${site.origin}/favicon-32.png`,
    });
    expectStatus(viewer, 403);
    const tool = toolSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${workspaceToolId}`), 200),
    );
    expect(tool.metadata.media.icon).toBeNull();
    expect(tool.edited_fields).toEqual([]);
  });

  test("stores a resource's chosen icon", async ({ api, site, world }) => {
    const id = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://notes.example/a',
    });
    const icon = `${site.origin}/favicon-32.png`;
    const resource = resourceSchema.parse(
      expectStatus(await api.as(world.editor).patch(`/resources/${id}`, { icon_url: icon }), 200),
    );
    expect(resource.metadata.extracted_icon).toBe(icon);
    expect(resource.metadata.media.icon).toMatch(MEDIA);
    expect(resource.edited_fields).toEqual(['icon_url']);
  });
});
