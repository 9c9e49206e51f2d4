// What travels over the wire: compressed text answers (zstd, brotli, else gzip), the SPA's files precompressed
// at build time and sent as they are, media left alone, and ETags that let a client revalidate a list for a 304.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
  zstdDecompressSync,
} from 'node:zlib';
import { describe, expect, test as base } from 'vitest';
import { createHarness } from '@stackyard/testing/harness';
import { tempDir } from '@stackyard/testing/processes';

const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);

const test = base
  .extend('web', { scope: 'file' }, ({}, { onCleanup }) => {
    const web = tempDir('stackyard-compressed-web');
    onCleanup(() => web.remove());
    mkdirSync(join(web.path, 'assets'));
    writeFileSync(
      join(web.path, 'index.html'),
      `<!doctype html><title>stackyard</title>${'<p>'.repeat(600)}`,
    );
    writeFileSync(join(web.path, 'assets', 'app-1234.js'), APP_JS);
    // Deliberately not the file's own bytes: proves the server sends the build's copy instead of compressing.
    writeFileSync(join(web.path, 'assets', 'app-1234.js.br'), brotliCompressSync('precompressed (br)'));
    writeFileSync(join(web.path, 'assets', 'app-1234.js.gz'), gzipSync('precompressed (gz)'));
    writeFileSync(join(web.path, 'assets', 'logo-1234.png'), PNG);
    return web;
  })
  .extend('h', { scope: 'file' }, async ({ web }, { onCleanup }) => {
    const h = await createHarness({ env: { WEB_DIST_DIR: web.path } });
    onCleanup(() => h.close());
    return h;
  })
  // The owner of 30 workspaces: a list long enough to be worth compressing.
  .extend('owner', { scope: 'file' }, async ({ h }) => {
    const owner = await h.user('squeeze');
    for (let i = 0; i < 30; i += 1) {
      expect((await h.as(owner).post('/workspaces', { name: `Workspace number ${i}` })).statusCode).toBe(201);
    }
    return owner;
  });

describe('compressed delivery', () => {
  test('answers API lists with zstd, brotli or gzip, as the client accepts, and plainly otherwise', async ({
    h,
    owner,
  }) => {
    const plain = await h.as(owner).get('/workspaces');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = plain.json() as unknown[];
    expect(list).toHaveLength(30);

    // What Chromium asks for: zstd, the cheapest of the three to make.
    const zstd = await h.as(owner).get('/workspaces', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zstd.headers.vary).toMatch(/accept-encoding/i);
    expect(zstd.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zstdDecompressSync(zstd.rawPayload).toString())).toEqual(list);

    const br = await h.as(owner).get('/workspaces', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(list);

    const gz = await h.as(owner).get('/workspaces', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(list);
  });

  test('gives lists an ETag, and a client revalidating with it gets 304 without the body', async ({
    h,
    owner,
  }) => {
    const first = await h.as(owner).get('/workspaces');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await h.as(owner).get('/workspaces', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A change gives a new tag, so the client gets the new list.
    await h.as(owner).post('/workspaces', { name: 'One more' });
    const changed = await h.as(owner).get('/workspaces', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(31);
  });

  test("sends the SPA's precompressed files as built, immutable, and leaves images alone", async ({ h }) => {
    const br = await h.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('precompressed (br)');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await h.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe('precompressed (gz)');
    const plain = await h.app.inject({ url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    const page = await h.app.inject({ url: '/some/page', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>stackyard</title>');

    const image = await h.app.inject({
      url: '/assets/logo-1234.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });
});
