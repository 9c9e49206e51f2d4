// An icon chosen by hand: the server fetches the image from a local fixture site (never the internet), keeps
// the app's copy, and shows it to the workspace that chose it only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const MEDIA = /^\/api\/v1\/media\/[0-9a-f]{64}$/;

describe('icon_url in PATCH', () => {
  it("stores a tool's chosen icon for its workspace only, and serves the copy", async () => {
    const [mine, theirs] = await Promise.all([catalogWorld(h), catalogWorld(h)]);
    const url = `https://icon-${mine.workspaceId}.example/`;
    const own = await seedTool(h.db.db, { workspaceId: mine.workspaceId, url, slug: 'iconic' });
    const other = await seedTool(h.db.db, { workspaceId: theirs.workspaceId, url, slug: 'iconic' });
    const icon = `${fixture.origin}/favicon-32.png`;

    const response = await h
      .as(mine.editor)
      .patch(`/tools/workspace/${own.workspaceToolId}`, { icon_url: icon });
    const tool = toolSchema.parse(expectStatus(response, 200));
    expect(tool.metadata.icon_url).toBe(icon);
    expect(tool.metadata.media.icon).toMatch(MEDIA);
    expect(tool.edited_fields).toEqual(['icon_url']);
    const served = await h.as(mine.viewer).get(tool.metadata.media.icon?.replace('/api/v1', '') ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const theirsNow = toolSchema.parse(
      expectStatus(await h.as(theirs.viewer).get(`/tools/workspace/${other.workspaceToolId}`), 200),
    );
    expect(theirsNow.metadata).toMatchObject({ icon_url: null, media: { icon: null } });

    const cleared = await h
      .as(mine.editor)
      .patch(`/tools/workspace/${own.workspaceToolId}`, { icon_url: null });
    expect(toolSchema.parse(expectStatus(cleared, 200)).metadata).toMatchObject({
      icon_url: null,
      media: { icon: null },
    });
  });

  it('refuses what is not an image (422 naming icon_url) and a viewer (403), keeping the icon', async () => {
    const world = await catalogWorld(h);
    const { workspaceToolId } = await seedTool(h.db.db, {
      workspaceId: world.workspaceId,
      url: `https://plain-${world.workspaceId}.example/`,
      slug: 'plain',
    });
    const page = await h.as(world.editor).patch(`/tools/workspace/${workspaceToolId}`, {
      icon_url: `${fixture.origin}/tool`,
    });
    expect(problemSchema.parse(expectStatus(page, 422)).detail).toMatch(
      /^icon_url: the image could not be used: /,
    );
    const viewer = await h.as(world.viewer).patch(`/tools/workspace/${workspaceToolId}`, {
      icon_url: `${fixture.origin}/favicon-32.png`,
    });
    expectStatus(viewer, 403);
    const tool = toolSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/tools/workspace/${workspaceToolId}`), 200),
    );
    expect(tool.metadata.media.icon).toBeNull();
    expect(tool.edited_fields).toEqual([]);
  });

  it("stores a resource's chosen icon", async () => {
    const world = await catalogWorld(h);
    const id = await seedResource(h.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://notes.example/a',
    });
    const icon = `${fixture.origin}/favicon-32.png`;
    const resource = resourceSchema.parse(
      expectStatus(await h.as(world.editor).patch(`/resources/${id}`, { icon_url: icon }), 200),
    );
    expect(resource.metadata.extracted_icon).toBe(icon);
    expect(resource.metadata.media.icon).toMatch(MEDIA);
    expect(resource.edited_fields).toEqual(['icon_url']);
  });
});
