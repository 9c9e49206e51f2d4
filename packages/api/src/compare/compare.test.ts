import { describe, expect } from 'vitest';
import { compareResponseSchema, compareToMarkdown, type CompareResponse } from '@stackyard/contracts/compare';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { factsTest } from '@stackyard/testing/facts-api';
import { fakeRepo } from '@stackyard/testing/fake-facts-upstreams';

// Three tools compared throughout: alpha and beta with facts of their repositories, gamma without; alpha is
// tagged, in a project and commented on.
const test = factsTest().extend(
  'compared',
  { scope: 'file' },
  async ({ api, fake, factsContext, refresh }) => {
    const world = await catalogWorld(api);
    const ids: Record<string, string> = {};
    const context = factsContext();
    fake.addRepo(fakeRepo('acme/alpha', { stars: 900, archived: false, pushedAt: '2026-11-10T00:00:00Z' }));
    fake.addRepo(
      fakeRepo('acme/beta', {
        stars: 2500,
        archived: true,
        pushedAt: '2024-01-01T00:00:00Z',
        release: { tag: 'v0.9', date: '2023-12-01T00:00:00Z' },
      }),
    );
    for (const [slug, repo, rating] of [
      ['alpha', 'acme/alpha', 5],
      ['beta', 'acme/beta', 2],
      ['gamma', null, null],
    ] as const) {
      const seeded = await seedTool(api.db.db, {
        workspaceId: world.workspaceId,
        url: `https://${slug}.example/${world.workspaceId}`,
        slug,
        name: slug === 'gamma' ? 'Gamma <b>|</b>' : slug.charAt(0).toUpperCase() + slug.slice(1),
        forgeUrl: repo ? `https://github.com/${repo}` : null,
        rating,
      });
      ids[slug] = seeded.workspaceToolId;
      await refresh(seeded.toolId, context);
    }
    const tag = expectStatus<{ id: string }>(
      await api
        .as(world.owner)
        .post('/tags', { workspace_id: world.workspaceId, tag_name: 'bundler', color: '#3b82f6' }),
      201,
    );
    expectStatus(await api.as(world.owner).put(`/tools/workspace/${ids.alpha}/tags/${tag.id}`), 204);
    expectStatus(
      await api.as(world.owner).post('/projects', {
        workspace_id: world.workspaceId,
        metadata: { name: 'Web' },
        tool_ids: [ids.alpha],
      }),
      201,
    );
    for (const content of ['one', 'two', 'three', 'four']) {
      expectStatus(
        await api.as(world.editor).post(`/tools/workspace/${ids.alpha}/comments`, { content }),
        201,
      );
    }
    /** GET …/compare with this query, as the viewer (or `user`). */
    const compare = (query: string, user = world.viewer) =>
      api.as(user).get(`/workspaces/${world.workspaceId}/compare${query}`);
    return { world, ids, compare };
  },
);

describe('GET /workspaces/{id}/compare', () => {
  test('compares the tools in the order asked, with the team view and the facts', async ({
    compared: { compare },
  }) => {
    const body = compareResponseSchema.parse(expectStatus(await compare('?tools=beta,alpha,gamma'), 200));
    expect(body.tools.map((tool) => tool.slug)).toEqual(['beta', 'alpha', 'gamma']);
    const [, alpha, gamma] = body.tools;
    expect(alpha?.adoption.stars).toBe(900);
    expect(alpha?.maintenance).toMatchObject({ archived: false, last_push_at: '2026-11-10T00:00:00.000Z' });
    expect(alpha?.team_view).toMatchObject({
      rating: 5,
      stance: 'accepted',
      tags: [expect.objectContaining({ tag_name: 'bundler' })],
      projects: [expect.objectContaining({ name: 'Web' })],
      comment_count: 4,
    });
    expect(alpha?.team_view.latest_comments.map((comment) => comment.content)).toEqual([
      'four',
      'three',
      'two',
    ]);
    expect(gamma?.facts.repository).toBeNull();
  });

  test('marks the best values where that is objective, and the rows where the tools differ', async ({
    compared: { compare, ids },
  }) => {
    const body = compareResponseSchema.parse(expectStatus(await compare('?tools=alpha,beta'), 200));
    const row = (key: string) => body.rows.find((r) => r.key === key);
    expect(row('stars')?.best).toEqual([ids.beta]);
    expect(row('rating')?.best).toEqual([ids.alpha]);
    expect(row('archived')?.best).toEqual([ids.alpha]);
    expect(row('last_release_at')?.best).toEqual([ids.alpha]);
    expect(row('open_issues')?.best).toBeNull();
    expect(row('stars')?.differs).toBe(true);
    // Same licence on both: no difference, nobody best.
    expect(row('license')).toMatchObject({ differs: false, best: null });
  });

  test('renders Markdown with the best values in bold and cell text escaped', async ({
    compared: { compare },
  }) => {
    const body: CompareResponse = compareResponseSchema.parse(
      expectStatus(await compare('?tools=alpha,beta,gamma'), 200),
    );
    const markdown = compareToMarkdown(body);
    expect(markdown).toContain('| | Alpha | Beta | Gamma &lt;b&gt;\\|&lt;/b&gt; |');
    expect(markdown).toContain('| Stars | 900 | **2,500** | — |');
    expect(markdown).toContain('| Rating | **5/5** | 2/5 | — |');
    const pair = compareResponseSchema.parse(expectStatus(await compare('?tools=alpha,beta'), 200));
    const differences = compareToMarkdown(pair, { differencesOnly: true });
    expect(differences).toContain('| Stars | 900 | **2,500** |');
    expect(differences).not.toContain('| Licence |');
  });

  test('refuses 1 or 7 tools and a missing list with 400', async ({ compared: { compare } }) => {
    for (const query of ['?tools=alpha', '?tools=alpha,alpha', '?tools=a,b,c,d,e,f,g', '', '?tools=']) {
      const response = await compare(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toContain('Compare 2 to 6 tools');
    }
  });

  test('answers 404 for a slug the workspace does not have, including another workspace’s tool', async ({
    api,
    compared: { world, compare },
  }) => {
    const other = await catalogWorld(api);
    await seedTool(api.db.db, {
      workspaceId: other.workspaceId,
      url: 'https://theirs.example',
      slug: 'theirs',
    });
    const response = await compare('?tools=alpha,theirs');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('No tool "theirs" in this workspace');
    const stranger = await api
      .as(other.owner)
      .get(`/workspaces/${world.workspaceId}/compare?tools=alpha,beta`);
    expect(stranger.statusCode).toBe(404);
  });
});
