import { csvParse } from 'd3-dsv';
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { radarSchema, radarSettingsSchema, type Radar } from '@stackyard/contracts/radar';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';
import { backstageSchema, zalandoSchema } from './testing/export-schemas.ts';

const test = apiTest();

type RadarWorld = CatalogWorld & { react: string; vitest: string; prisma: string; redis: string };

/** Four tools with a stance each: a framework adopted, a testing tool accepted, an ORM avoided, one uncategorized. */
async function radarWorld(api: Harness): Promise<RadarWorld> {
  const world = await catalogWorld(api);
  const tool = async (slug: string, name: string) =>
    (
      await seedTool(api.db.db, {
        workspaceId: world.workspaceId,
        url: `https://${slug}.example.com/#${world.workspaceId}`,
        slug,
        name,
        homepageUrl: `https://${slug}.example.com`,
      })
    ).workspaceToolId;
  const ids = {
    react: await tool('react', 'React'),
    vitest: await tool('vitest', 'Vitest'),
    prisma: await tool('prisma', 'Prisma, "the" ORM'),
    redis: await tool('redis', 'Redis'),
  };
  const stance = (id: string, body: object) =>
    api.as(world.editor).put(`/tools/workspace/${id}/stance`, body);
  expectStatus(await stance(ids.react, { stance: 'preferred', category: 'Frontend framework' }), 200);
  expectStatus(await stance(ids.vitest, { stance: 'accepted', category: 'testing' }), 200);
  expectStatus(
    await stance(ids.prisma, { stance: 'avoid', category: 'ORM', note: '=cmd, use "Drizzle"\tinstead' }),
    200,
  );
  return { ...world, ...ids };
}

const radarOf = async (api: Harness, world: CatalogWorld): Promise<Radar> =>
  radarSchema.parse(
    expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/radar`), 200),
  );

const placed = (radar: Radar) =>
  Object.fromEntries(radar.entries.map((entry) => [entry.slug, [entry.ring, entry.quadrant, entry.number]]));

/** The quadrants' names and each tool's ring, quadrant and number. */
const layout = (radar: Radar) => ({
  quadrants: radar.quadrants.map((quadrant) => quadrant.name),
  placed: placed(radar),
});

const BUILT_IN_QUADRANTS = ['Languages & Frameworks', 'Tools', 'Platforms', 'Libraries & Techniques'];

const settingsPath = (world: CatalogWorld) => `/workspaces/${world.workspaceId}/radar/settings`;

describe('GET /workspaces/{id}/radar', () => {
  test('puts preferred tools in Adopt, accepted in Trial, avoided in Hold, in the built-in quadrants', async ({
    api,
  }) => {
    const world = await radarWorld(api);
    const radar = await radarOf(api, world);
    expect(radar.rings.map((ring) => ring.name)).toEqual(['Adopt', 'Trial', 'Assess', 'Hold']);
    // Numbered by quadrant, then ring: React (0), Vitest (1), then Redis before Prisma in quadrant 3.
    expect(layout(radar)).toEqual({
      quadrants: BUILT_IN_QUADRANTS,
      placed: {
        react: ['adopt', 0, 1],
        vitest: ['trial', 1, 2],
        redis: ['trial', 3, 3],
        prisma: ['hold', 3, 4],
      },
    });
    expect(radar.entries.find((entry) => entry.slug === 'redis')).toMatchObject({
      category: null,
      stance: 'accepted',
      url: 'https://redis.example.com',
      stance_updated_at: null,
    });
  });

  test('hides the radar from non-members', async ({ api }) => {
    const world = await radarWorld(api);
    const stranger = await catalogWorld(api);
    expectStatus(await api.as(stranger.owner).get(`/workspaces/${world.workspaceId}/radar`), 404);
  });
});

describe('radar settings', () => {
  test('lists every category of the stances with its quadrant, and the defaults', async ({ api }) => {
    const world = await radarWorld(api);
    const settings = radarSettingsSchema.parse(
      expectStatus(await api.as(world.viewer).get(settingsPath(world)), 200),
    );
    expect(settings).toEqual({
      accepted_ring: 'trial',
      quadrants: BUILT_IN_QUADRANTS,
      default_quadrant: 3,
      categories: [
        { category: 'Frontend framework', quadrant: 0 },
        { category: 'ORM', quadrant: 3 },
        { category: 'testing', quadrant: 1 },
      ],
    });
  });

  test('moves accepted tools to Assess and back, and remaps categories and names the quadrants', async ({
    api,
  }) => {
    const world = await radarWorld(api);
    const saved = radarSettingsSchema.parse(
      expectStatus(
        await api.as(world.owner).put(settingsPath(world), {
          accepted_ring: 'assess',
          quadrants: ['Languages', 'Dev tools', 'Infrastructure', 'Everything else'],
          default_quadrant: 2,
          // Matched in any case: "orm" remaps the stances' "ORM".
          categories: [{ category: 'orm', quadrant: 0 }],
        }),
        200,
      ),
    );
    expect(saved.categories).toEqual([
      { category: 'Frontend framework', quadrant: 0 },
      { category: 'orm', quadrant: 0 },
      { category: 'testing', quadrant: 1 },
    ]);
    expect(layout(await radarOf(api, world))).toEqual({
      quadrants: ['Languages', 'Dev tools', 'Infrastructure', 'Everything else'],
      placed: {
        react: ['adopt', 0, 1],
        prisma: ['hold', 0, 2],
        vitest: ['assess', 1, 3],
        redis: ['assess', 2, 4],
      },
    });

    const back = { accepted_ring: 'trial', quadrants: saved.quadrants, default_quadrant: 2, categories: [] };
    expectStatus(await api.as(world.owner).put(settingsPath(world), back), 200);
    expect(placed(await radarOf(api, world))).toMatchObject({
      vitest: ['trial', 1, 2],
      prisma: ['hold', 3, 4],
    });
  });

  test('lets admins edit, refuses editors and viewers, and rejects bad settings with a message', async ({
    api,
  }) => {
    const world = await radarWorld(api);
    const body = {
      accepted_ring: 'assess',
      quadrants: ['A', 'B', 'C', 'D'],
      default_quadrant: 0,
      categories: [],
    };
    const refused = problemSchema.parse(
      expectStatus(await api.as(world.editor).put(settingsPath(world), body), 403),
    );
    expect(refused.detail).toBe('Only the owner and admins can edit this workspace.');
    for (const [bad, message] of [
      [{ ...body, accepted_ring: 'adopt' }, 'Accepted tools go to trial or assess'],
      [{ ...body, quadrants: ['A', 'B', 'C'] }, 'Give 4 quadrant names'],
      [{ ...body, quadrants: ['A', ' ', 'C', 'D'] }, 'Quadrant name must not be empty'],
      [{ ...body, default_quadrant: 4 }, 'Quadrant must be 0, 1, 2 or 3'],
      [{ ...body, categories: [{ category: 'ORM', quadrant: 1.5 }] }, 'Quadrant must be 0, 1, 2 or 3'],
      [{ ...body, categories: [{ category: 'x'.repeat(61), quadrant: 1 }] }, 'Category must be at most 60'],
    ] as const) {
      const problem = problemSchema.parse(
        expectStatus(await api.as(world.owner).put(settingsPath(world), bad), 400),
      );
      expect(JSON.stringify(problem), JSON.stringify(bad)).toContain(message);
    }
    // Nothing above was saved.
    expect(
      radarSettingsSchema.parse(expectStatus(await api.as(world.viewer).get(settingsPath(world)), 200))
        .accepted_ring,
    ).toBe('trial');
  });
});

describe('GET /workspaces/{id}/radar/export/{format}', () => {
  const download = async (api: Harness, world: CatalogWorld, format: string) => {
    const response = await api
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/radar/export/${format}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="stackyard-.+-radar.*"$/);
    return response;
  };

  test('writes Backstage tech-radar data: every entry in a declared quadrant and ring', async ({ api }) => {
    const world = await radarWorld(api);
    const response = await download(api, world, 'backstage-json');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const data = backstageSchema.parse(response.json());
    expect(data.rings.map((ring) => ring.id)).toEqual(['adopt', 'trial', 'assess', 'hold']);
    const quadrantIds = new Set(data.quadrants.map((quadrant) => quadrant.id));
    const ringIds = new Set(data.rings.map((ring) => ring.id));
    for (const entry of data.entries) {
      expect(quadrantIds.has(entry.quadrant), entry.id).toBe(true);
      expect(
        entry.timeline.every((snapshot) => ringIds.has(snapshot.ringId)),
        entry.id,
      ).toBe(true);
    }
    const prisma = data.entries.find((entry) => entry.id === 'prisma');
    expect(prisma).toMatchObject({ title: 'Prisma, "the" ORM', quadrant: 'q4' });
    expect(prisma?.timeline[0]).toMatchObject({
      ringId: 'hold',
      description: '=cmd, use "Drizzle"\tinstead',
    });
  });

  test('writes Zalando tech-radar entries by quadrant and ring index', async ({ api }) => {
    const world = await radarWorld(api);
    const data = zalandoSchema.parse((await download(api, world, 'zalando-json')).json());
    expect(data.entries).toContainEqual({
      quadrant: 0,
      ring: 0,
      label: 'React',
      active: true,
      link: 'https://react.example.com',
      moved: 0,
    });
    expect(data.entries.find((entry) => entry.label.startsWith('Prisma'))).toMatchObject({
      quadrant: 3,
      ring: 3,
    });
  });

  test('writes a build-your-own-radar CSV that parses back, quotes intact, formulas defused', async ({
    api,
  }) => {
    const world = await radarWorld(api);
    const response = await download(api, world, 'byor-csv');
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csvParse(response.body.replaceAll('\r\n', '\n'));
    expect(rows.columns).toEqual(['name', 'ring', 'quadrant', 'isNew', 'description']);
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { name: 'React', ring: 'Adopt', quadrant: 'Languages & Frameworks', isNew: 'FALSE', description: '' },
      { name: 'Vitest', ring: 'Trial', quadrant: 'Tools', isNew: 'FALSE', description: '' },
      { name: 'Redis', ring: 'Trial', quadrant: 'Libraries & Techniques', isNew: 'FALSE', description: '' },
      {
        name: 'Prisma, "the" ORM',
        ring: 'Hold',
        quadrant: 'Libraries & Techniques',
        isNew: 'FALSE',
        description: `'=cmd, use "Drizzle"\tinstead`,
      },
    ]);
  });

  test('refuses an unknown format with the list of formats', async ({ api }) => {
    const world = await radarWorld(api);
    const response = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/radar/export/svg`);
    expect(JSON.stringify(problemSchema.parse(expectStatus(response, 400)))).toContain(
      'Format must be one of backstage-json, zalando-json, byor-csv',
    );
  });
});
