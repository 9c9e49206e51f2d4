import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import { appTest } from '@stackyard/testing/app-fixtures';
import { saveLocation } from './plugins/share-target.ts';

const test = appTest({
  env: { LOG_LEVEL: 'silent' },
  web: { 'index.html': '<!doctype html><div id="root"></div>' },
});

/** The save page's query a share answered with. */
function savedQuery(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location), 'http://app.test');
  expect(location.pathname).toBe('/save');
  return Object.fromEntries(location.searchParams);
}

describe('POST /share (the web app manifest share target)', () => {
  test('answers an urlencoded share with a redirect to the prefilled save page', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/share',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        title: 'Vite & friends',
        text: 'A build tool',
        url: 'https://vite.dev/guide?a=1&b=2',
      }).toString(),
    });
    expect(savedQuery(response)).toEqual({
      title: 'Vite & friends',
      text: 'A build tool',
      url: 'https://vite.dev/guide?a=1&b=2',
    });
  });

  test('reads a multipart share too, and leaves empty fields out', async ({ app }) => {
    const form = new FormData();
    form.set('title', '');
    form.set('text', 'Look at this https://example.com/post');
    const request = new Request('http://app.test/share', { method: 'POST', body: form });
    const response = await app.inject({
      method: 'POST',
      url: '/share',
      headers: { 'content-type': String(request.headers.get('content-type')) },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    // Android often puts the URL in `text`; the save page picks it out of there.
    expect(savedQuery(response)).toEqual({ text: 'Look at this https://example.com/post' });
  });

  test('leads to the empty save page when nothing was shared', async ({ app }) => {
    expect(savedQuery(await app.inject({ method: 'POST', url: '/share' }))).toEqual({});
  });

  test('refuses a body that is not a form with a problem', async ({ app }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/share',
      headers: { 'content-type': 'application/json' },
      payload: { url: 'https://example.com' },
    });
    expect(response.statusCode).toBe(415);
    expect(problemSchema.parse(response.json()).detail).toMatch(/^Share a form/);
    const broken = await app.inject({
      method: 'POST',
      url: '/share',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'not multipart at all',
    });
    expect(broken.statusCode).toBe(400);
    expect(problemSchema.parse(broken.json()).detail).toBe('The shared form could not be read.');
  });

  test('shortens a long shared text so the redirect stays small enough to follow', () => {
    const location = saveLocation({ title: 'T', url: 'https://example.com/', text: '漢'.repeat(4000) });
    expect(location.length).toBeLessThanOrEqual(8000);
    const text = new URL(location, 'http://app.test').searchParams.get('text') ?? '';
    expect(text.length).toBeGreaterThan(500);
    expect('漢'.repeat(4000).startsWith(text)).toBe(true);
  });
});
