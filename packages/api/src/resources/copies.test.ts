// Readable copies end to end through the API: a resource submitted from a local site gets one, it survives
// the page going away, and its text is found by search below matches in titles.
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { NO_RESOURCE_COPY, resourceCopySchema } from '@stackyard/contracts/resource';
import { searchResultListSchema } from '@stackyard/contracts/search';
import { apiTest, serverFixture } from '@stackyard/testing/api-fixtures';
import { seedResource } from '@stackyard/testing/catalog-seed';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import { INGESTION_ENV, settledSubmission, submitUrl } from '@stackyard/testing/ingestion-harness';

/** What the site answers for /article: the page with this word, or 404 once it "went away". */
interface ArticlePage {
  gone: boolean;
  word: string;
}

const articlePage = (word: string) => `<!doctype html><html><head><title>Field guide</title>
<meta name="author" content="Ada Example"></head><body><nav><a href="/">Home</a></nav><article>
<h1>Field guide</h1>
<p>Airships were once common. This guide explains how ${word} stay aloft with lifting gas.</p>
<p>It continues with <a href="/history">their history</a> and <b>why</b> they faded from the skies.</p>
<p>Much more text follows, so that the page reads as an article rather than a bare stub of a page.</p>
<script>document.title = 'hacked'</script></article></body></html>`;

async function startArticleSite() {
  const page: ArticlePage = { gone: false, word: 'zeppelins' };
  const site = http.createServer((request, response) => {
    if (request.url === '/article' && !page.gone) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(articlePage(page.word));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html><body><p>Not found</p></body></html>');
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  const close = async () => {
    site.close();
  };
  return { origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`, page, close };
}

const test = apiTest({ env: INGESTION_ENV })
  .extend('site', { scope: 'file' }, serverFixture(startArticleSite))
  // The site's /article ingested as a resource of the test's workspace: its id. The page is served as at
  // first again: a test that made it go away or changed its word leaves nothing behind.
  .extend('article', async ({ api, site, world }): Promise<string> => {
    Object.assign(site.page, { gone: false, word: 'zeppelins' });
    const created = await submitUrl(api, world.editor, 'resources', {
      workspace_id: world.workspaceId,
      submitted_url: `${site.origin}/article`,
    });
    const submission = await settledSubmission(api, world.editor, created.id, 20_000);
    expect(submission.status).toBe('completed');
    if (!submission.resource_id) throw new Error('completed without a resource');
    return submission.resource_id;
  })
  .extend(
    'search',
    ({ api, world }) =>
      async (q: string) =>
        searchResultListSchema.parse(
          expectStatus(
            await api
              .as(world.viewer)
              .get(`/search?workspace_id=${world.workspaceId}&q=${encodeURIComponent(q)}`),
            200,
          ),
        ),
  );

describe('readable copies of resources', () => {
  test('keeps a sanitised copy of the page when a resource is ingested', async ({
    api,
    site: { origin },
    world,
    article: resourceId,
  }) => {
    const copy = resourceCopySchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${resourceId}/copy`), 200),
    );
    expect(copy).toMatchObject({
      workspace_resource_id: resourceId,
      title: 'Field guide',
      byline: 'Ada Example',
      source_url: `${origin}/article`,
      truncated: false,
    });
    expect(copy.html).toContain(`<a href="${origin}/history">their history</a>`);
    expect(copy.html).toContain('how zeppelins stay aloft');
    expect(copy.html).not.toMatch(/<script|hacked|Home/);
    expect(copy.text_length).toBeGreaterThan(150);
    expect(Date.now() - Date.parse(copy.fetched_at)).toBeLessThan(60_000);
  });

  test('keeps the copy when the page goes away, and replaces it when a refresh reads a new one', async ({
    api,
    site: { page },
    world,
    article: resourceId,
  }) => {
    page.gone = true;
    const failed = await api.as(world.editor).post(`/resources/${resourceId}/refresh`);
    expect(failed.statusCode).toBe(422);
    const kept = resourceCopySchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${resourceId}/copy`), 200),
    );
    expect(kept.html).toContain('how zeppelins stay aloft');

    Object.assign(page, { gone: false, word: 'dirigibles' });
    expectStatus(await api.as(world.editor).post(`/resources/${resourceId}/refresh`), 200);
    const replaced = resourceCopySchema.parse(
      expectStatus(await api.as(world.viewer).get(`/resources/${resourceId}/copy`), 200),
    );
    expect(replaced.html).toContain('how dirigibles stay aloft');
    expect(Date.parse(replaced.fetched_at)).toBeGreaterThanOrEqual(Date.parse(kept.fetched_at));
  });

  test('finds a resource by its copy, with a snippet, after title matches', async ({
    api,
    site: { page },
    world,
    article: resourceId,
    search,
  }) => {
    // The copy as a refresh replaced it, now about dirigibles.
    page.word = 'dirigibles';
    expectStatus(await api.as(world.editor).post(`/resources/${resourceId}/refresh`), 200);
    await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://example.com/about-dirigibles',
      title: 'Dirigibles, an overview',
    });
    const results = await search('dirigibles');
    expect(results.map((result) => result.title)).toEqual(['Dirigibles, an overview', 'Field guide']);
    expect(results[1]).toMatchObject({ kind: 'resource', id: resourceId });
    expect(results[1]?.snippet_html).toContain('<mark>dirigibles</mark> stay aloft');
    // A word of its title finds the resource once, by its title.
    const byTitle = await search('field guide');
    expect(byTitle.filter((result) => result.id === resourceId)).toHaveLength(1);
    expect(byTitle[0]?.snippet_html).toContain('<mark>Field</mark>');
  });

  test('answers 404 saying so when a resource has no copy, and for a workspace the caller is not in', async ({
    api,
    world,
    article: resourceId,
  }) => {
    const bare = await seedResource(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://example.com/bare',
    });
    const none = await api.as(world.viewer).get(`/resources/${bare}/copy`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ detail: NO_RESOURCE_COPY });
    const stranger = await api.user(`stranger_${Date.now().toString(36)}`);
    const refused = await api.as(stranger).get(`/resources/${resourceId}/copy`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('zeppelins');
  });
});
