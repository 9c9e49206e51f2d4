// Icons and previews end to end on the API: ingestion fetches them from the fixture site through the
// guarded fetcher, stores checked copies, and the app serves them; the items point at the copies.
import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Submission } from '@stackyard/contracts/ingestion';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema, type Tool } from '@stackyard/contracts/tool';
import { toolCard, toolIcon } from '@stackyard/ingestion/testing/fixture-images';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { ingestionTest, settledSubmission, submitUrl } from '@stackyard/testing/ingestion-harness';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const test = ingestionTest()
  // One workspace for the file: each test ingests pages of its own.
  .extend('workspace', { scope: 'file' }, async ({ api, site }) => {
    const world = await catalogWorld(api);

    const ingest = async (kind: 'tools' | 'resources', path: string): Promise<Submission> => {
      const created = await submitUrl(api, world.editor, kind, {
        workspace_id: world.workspaceId,
        submitted_url: `${site.origin}${path}`,
      });
      return settledSubmission(api, world.editor, created.id);
    };

    const tool = async (path: string): Promise<Tool> => {
      const done = await ingest('tools', path);
      expect(done.status).toBe('completed');
      return toolSchema.parse(
        expectStatus(await api.as(world.viewer).get(`/tools/workspace/${done.workspace_tool_id}`), 200),
      );
    };

    return { world, ingest, tool };
  })
  // The tool page's tool, ingested once, read by the tests of a tool page.
  .extend('rocket', { scope: 'file' }, ({ workspace }) => workspace.tool('/tool'));

/** The API path of a stored copy, without the /api/v1 prefix the harness adds. */
const apiPath = (url: string | null) => {
  expect(url).toMatch(/^\/api\/v1\/media\/[0-9a-f]{64}$/);
  return (url ?? '').replace('/api/v1', '');
};

describe('a tool page', () => {
  test('keeps copies of the icon and the preview, never the icon as the image', async ({ site, rocket }) => {
    expect(rocket.metadata.icon_url).toBe(`${site.origin}/favicon-32.png`);
    expect(rocket.metadata.image_url).toBe(`${site.origin}/assets/og-card.png`);
    expect(rocket.metadata.media).toEqual({
      icon: `/api/v1/media/${sha256(toolIcon)}`,
      image: `/api/v1/media/${sha256(toolCard)}`,
    });
  });

  test('serves a copy with its checked type, nosniff and immutable caching', async ({
    api,
    rocket,
    workspace: { world },
  }) => {
    const response = await api.as(world.viewer).get(apiPath(rocket.metadata.media.icon));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers.etag).toBe(`"${sha256(toolIcon)}"`);
    expect(response.rawPayload.equals(toolIcon)).toBe(true);
    const again = await api
      .as(world.viewer)
      .get(apiPath(rocket.metadata.media.icon), { headers: { 'if-none-match': `"${sha256(toolIcon)}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('is served to signed-in callers only; an unknown or malformed hash is a 404 or 400', async ({
    api,
    rocket,
    workspace: { world },
  }) => {
    expect((await api.as(null).get(apiPath(rocket.metadata.media.icon))).statusCode).toBe(401);
    const outsider = await api.user();
    expect((await api.as(outsider).get(apiPath(rocket.metadata.media.icon))).statusCode).toBe(200);
    const missing = await api.as(world.viewer).get(`/media/${'0'.repeat(64)}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Image not found' });
    expect((await api.as(world.viewer).get('/media/not-a-hash')).statusCode).toBe(400);
  });
});

describe('images that are not kept', () => {
  test('fetches nothing from a private address, and the submission still completes', async ({
    workspace: { tool },
  }) => {
    const quiet = await tool('/private-images');
    expect(quiet.metadata.name).toBe('Quiet Tool');
    expect(quiet.metadata.media).toEqual({ icon: null, image: null });
    expect(quiet.metadata.icon_url).toBeNull();
  });

  test('tries /favicon.ico only as the last candidate and keeps nothing when it does not exist', async ({
    site,
    workspace: { tool },
  }) => {
    const bare = await tool('/bare');
    expect(bare.metadata.media.icon).toBeNull();
    expect(site.requests()).toContain('/favicon.ico');
  });
});

describe('an article', () => {
  test('stores its site, author, date, language, icon and preview', async ({
    api,
    site,
    workspace: { world, ingest },
  }) => {
    const done = await ingest('resources', '/article');
    const resource = resourceSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${done.resource_id}`), 200),
    );
    expect(resource.metadata).toMatchObject({
      extracted_title: 'Shipping static sites in 2026',
      extracted_image: `${site.origin}/assets/og-card.png`,
      extracted_icon: `${site.origin}/images/scripted.svg`,
      site_name: 'Launch Notes',
      author: 'Ada Byron',
      published_at: '2026-03-14T09:30:00.000Z',
      language: 'en-GB',
      media: { image: `/api/v1/media/${sha256(toolCard)}` },
    });
    // The SVG icon is preferred; served inert: sandboxed, no script or subresource may run or load.
    const svg = await api.as(world.viewer).get(apiPath(resource.metadata.media.icon));
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });
});
