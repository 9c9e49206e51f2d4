// Readable copies end to end through the API: a resource submitted from a local site gets one, it survives
// the page going away, and its text is found by search below matches in titles.
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RESOURCE_COPY, resourceCopySchema } from '@stackyard/contracts/resource';
import { searchResultListSchema } from '@stackyard/contracts/search';
import { seedResource } from '@stackyard/testing/catalog-seed';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness } from '@stackyard/testing/harness';
import { settledSubmission, submitUrl } from '@stackyard/testing/ingestion-harness';

let h: Harness;
let site: http.Server;
let origin: string;
let world: CatalogWorld;
/** What the site answers for /article: the page, or 404 once it "went away". */
let pageGone = false;
let articleWord = 'zeppelins';

const articlePage = () => `<!doctype html><html><head><title>Field guide</title>
<meta name="author" content="Ada Example"></head><body><nav><a href="/">Home</a></nav><article>
<h1>Field guide</h1>
<p>Airships were once common. This guide explains how ${articleWord} stay aloft with lifting gas.</p>
<p>It continues with <a href="/history">their history</a> and <b>why</b> they faded from the skies.</p>
<p>Much more text follows, so that the page reads as an article rather than a bare stub of a page.</p>
<script>document.title = 'hacked'</script></article></body></html>`;

beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url === '/article' && !pageGone) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(articlePage());
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html><body><p>Not found</p></body></html>');
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  h = await createHarness({
    env: { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1', INGESTION_MAX_ATTEMPTS: '1' },
  });
  world = await catalogWorld(h);
});

afterAll(async () => {
  site.close();
  await h.closeChecked();
});

async function ingested(url: string): Promise<string> {
  const created = await submitUrl(h, world.editor, 'resources', {
    workspace_id: world.workspaceId,
    submitted_url: url,
  });
  const submission = await settledSubmission(h, world.editor, created.id, 20_000);
  expect(submission.status).toBe('completed');
  if (!submission.resource_id) throw new Error('completed without a resource');
  return submission.resource_id;
}

const search = async (q: string) =>
  searchResultListSchema.parse(
    expectStatus(
      await h.as(world.viewer).get(`/search?workspace_id=${world.workspaceId}&q=${encodeURIComponent(q)}`),
      200,
    ),
  );

describe('readable copies of resources', () => {
  let resourceId: string;

  it('keeps a sanitised copy of the page when a resource is ingested', async () => {
    resourceId = await ingested(`${origin}/article`);
    const copy = resourceCopySchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/${resourceId}/copy`), 200),
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

  it('keeps the copy when the page goes away, and replaces it when a refresh reads a new one', async () => {
    pageGone = true;
    const failed = await h.as(world.editor).post(`/resources/${resourceId}/refresh`);
    expect(failed.statusCode).toBe(422);
    const kept = resourceCopySchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/${resourceId}/copy`), 200),
    );
    expect(kept.html).toContain('how zeppelins stay aloft');

    pageGone = false;
    articleWord = 'dirigibles';
    expectStatus(await h.as(world.editor).post(`/resources/${resourceId}/refresh`), 200);
    const replaced = resourceCopySchema.parse(
      expectStatus(await h.as(world.viewer).get(`/resources/${resourceId}/copy`), 200),
    );
    expect(replaced.html).toContain('how dirigibles stay aloft');
    expect(Date.parse(replaced.fetched_at)).toBeGreaterThanOrEqual(Date.parse(kept.fetched_at));
    articleWord = 'zeppelins';
  });

  it('finds a resource by its copy, with a snippet, after title matches', async () => {
    await seedResource(h.db.db, {
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

  it('answers 404 saying so when a resource has no copy, and for a workspace the caller is not in', async () => {
    const bare = await seedResource(h.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://example.com/bare',
    });
    const none = await h.as(world.viewer).get(`/resources/${bare}/copy`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ detail: NO_RESOURCE_COPY });
    const stranger = await h.user(`stranger_${Date.now().toString(36)}`);
    const refused = await h.as(stranger).get(`/resources/${resourceId}/copy`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('zeppelins');
  });
});
