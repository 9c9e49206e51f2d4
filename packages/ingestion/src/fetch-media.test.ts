// Icons and previews against the real fixture server: the type comes from the bytes, the size is capped,
// and the guarded fetcher's address rules hold for images as for pages.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from './address-policy.ts';
import { fetchFirstMedia, fetchMedia, sniffImageType, type FetchMediaOptions } from './fetch-media.ts';
import { solidPng, toolIcon } from './testing/fixture-images.ts';
import { startFixtureServer, type FixtureServer } from './testing/fixture-server.ts';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const allowFixture: FetchMediaOptions = {
  policy: createAddressPolicy({ allowlist: ['127.0.0.1'] }),
  totalTimeoutMs: 5_000,
};

const failureOf = async (path: string, kind: 'icon' | 'image' = 'icon', options = allowFixture) => {
  const result = await fetchMedia(`${server.origin}${path}`, kind, options);
  return result.ok ? 'ok' : result.failure.code;
};

describe('sniffImageType', () => {
  it('reads the type from the magic numbers', () => {
    expect(sniffImageType(solidPng(1, 1, [0, 0, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe('image/x-icon');
    expect(
      sniffImageType(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- logo --><svg viewBox="0 0 1 1"/>')),
    ).toBe('image/svg+xml');
  });

  it('refuses what is not an image, whatever it is called', () => {
    expect(sniffImageType(Buffer.from('<html><body><svg></svg></body></html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('fetchMedia', () => {
  it('keeps an image with its checked type and the hash of its bytes', async () => {
    const result = await fetchMedia(`${server.origin}/favicon-32.png`, 'icon', allowFixture);
    if (!result.ok) throw new Error(JSON.stringify(result.failure));
    expect(result.value).toMatchObject({ url: `${server.origin}/favicon-32.png`, contentType: 'image/png' });
    expect(result.value.bytes.equals(toolIcon)).toBe(true);
    expect(result.value.hash).toBe(createHash('sha256').update(toolIcon).digest('hex'));
  });

  it('refuses a body that is not an image though it is served as image/png', async () => {
    expect(await failureOf('/images/html-as-png')).toBe('not_html');
  });

  it('caps an icon at 100 kB, an image at 1 MB', async () => {
    expect(await failureOf('/images/huge.png', 'icon')).toBe('too_large');
    expect(await failureOf('/images/huge.png', 'image')).toBe('ok');
  });

  it('refuses a missing image and a private address, the latter without connecting', async () => {
    expect(await failureOf('/favicon.ico')).toBe('http_error');
    const before = server.connections();
    expect(await failureOf('/favicon-32.png', 'icon', { totalTimeoutMs: 5_000 })).toBe('blocked_address');
    expect(server.connections()).toBe(before);
  });
});

describe('fetchFirstMedia', () => {
  it('takes the first candidate that is an image; /favicon.ico only if it exists', async () => {
    const chosen = await fetchFirstMedia(
      [
        `${server.origin}/images/html-as-png`,
        `${server.origin}/favicon-32.png`,
        `${server.origin}/favicon.ico`,
      ],
      'icon',
      allowFixture,
    );
    expect(chosen?.url).toBe(`${server.origin}/favicon-32.png`);
    expect(await fetchFirstMedia([`${server.origin}/favicon.ico`], 'icon', allowFixture)).toBeNull();
  });
});
