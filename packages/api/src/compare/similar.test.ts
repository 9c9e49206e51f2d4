import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { media, tools as toolsTable } from '@stackyard/db/schema';
import { similarToolsSchema } from '@stackyard/contracts/similar-tools';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { factsTest } from '@stackyard/testing/facts-api';
import { fakeRepo } from '@stackyard/testing/fake-facts-upstreams';

// "Compare with…": the tools sharing tags (the workspace's) or topics (the repositories', from the facts).

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const iconHash = createHash('sha256').update(PNG).digest('hex');

// Tools sharing repository topics, a tag, or nothing, read by every test; webpack has a stored icon.
const test = factsTest().extend('seeded', { scope: 'file' }, async ({ api, fake, factsContext, refresh }) => {
  const world = await catalogWorld(api);
  const ids: Record<string, string> = {};
  const toolIds: Record<string, string> = {};
  const context = factsContext();
  const repos: Record<string, string[] | null> = {
    vite: ['bundler', 'frontend', 'hmr'],
    webpack: ['bundler', 'frontend'],
    rollup: ['bundler'],
    express: ['http', 'server'],
    parcel: null,
    lonely: null,
  };
  for (const [slug, topics] of Object.entries(repos)) {
    if (topics) fake.addRepo(fakeRepo(`acme/${slug}`, { topics }));
    const seeded = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: `https://${slug}.example/${world.workspaceId}`,
      slug,
      name: slug.charAt(0).toUpperCase() + slug.slice(1),
      forgeUrl: topics ? `https://github.com/acme/${slug}` : null,
      rating: slug === 'rollup' ? 5 : null,
    });
    ids[slug] = seeded.workspaceToolId;
    toolIds[slug] = seeded.toolId;
    if (topics) await refresh(seeded.toolId, context);
  }
  const tag = async (name: string, slugs: string[]) => {
    const created = expectStatus<{ id: string }>(
      await api
        .as(world.owner)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: name, color: '#3b82f6' }),
      201,
    );
    for (const slug of slugs) {
      expectStatus(await api.as(world.owner).put(`/tools/workspace/${ids[slug]}/tags/${created.id}`), 204);
    }
  };
  await tag('Build', ['vite', 'parcel', 'express']);
  await api.db.db
    .insert(media)
    .values({ hash: iconHash, contentType: 'image/png', bytes: PNG, size: PNG.length });
  await api.db.db
    .update(toolsTable)
    .set({ iconMedia: iconHash })
    .where(eq(toolsTable.id, toolIds.webpack ?? ''));
  /** The tools proposed beside this one, as the viewer reads them. */
  const similar = async (slug: string) =>
    similarToolsSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/tools/workspace/${ids[slug]}/similar`), 200),
    );
  return { ids, similar };
});

describe('GET /tools/workspace/{toolId}/similar', () => {
  test('proposes the tools sharing most tags and topics, then the best rated, with what they share', async ({
    seeded: { similar },
  }) => {
    const { tools } = await similar('vite');
    expect(tools.map((tool) => [tool.slug, tool.shared_tags, tool.shared_topics])).toEqual([
      ['webpack', [], ['bundler', 'frontend']],
      ['rollup', [], ['bundler']],
      ['express', ['Build'], []],
      ['parcel', ['Build'], []],
    ]);
    // The app's stored copy of the icon, never the site's own URL.
    expect(tools.map((tool) => tool.icon_url)).toEqual([`/api/v1/media/${iconHash}`, null, null, null]);
  });

  test('finds tools through a tag alone when the tool has no repository facts', async ({
    seeded: { similar },
  }) => {
    const { tools } = await similar('parcel');
    expect(tools.map((tool) => tool.slug)).toEqual(['express', 'vite']);
  });

  test('answers an empty list when nothing is shared, and 404 outside the workspace', async ({
    api,
    seeded: { ids, similar },
  }) => {
    expect((await similar('lonely')).tools).toEqual([]);
    expect((await similar('express')).tools.map((tool) => tool.slug)).toEqual(['parcel', 'vite']);
    const outsider = await api.user();
    expectStatus(await api.as(outsider).get(`/tools/workspace/${ids.vite}/similar`), 404);
  });
});
