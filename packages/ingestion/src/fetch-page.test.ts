// fetchPage and guardedFetch against a real HTTP server on 127.0.0.1. Loopback is not public, so every
// test names the fixture server in the intranet allowlist, except the one proving it is refused by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from './address-policy.ts';
import type { QuarantineCode, Result } from './failure.ts';
import { fetchPage, type FetchedPage, type FetchPageOptions } from './fetch-page.ts';
import { guardedFetch, type Resolver } from './guarded-fetch.ts';
import { startFixtureServer, type FixtureServer } from './testing/fixture-server.ts';
import { fixtureCertificate } from './testing/tls-fixture.ts';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const allowFixture: FetchPageOptions = {
  policy: createAddressPolicy({ allowlist: ['127.0.0.1'] }),
  connectTimeoutMs: 2_000,
  totalTimeoutMs: 5_000,
};

async function page(path: string, options: FetchPageOptions = allowFixture): Promise<FetchedPage> {
  const result = await fetchPage(`${server.origin}${path}`, options);
  if (!result.ok) throw new Error(`expected a page, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

/**
 * Options that reach the fixture server as rocket.test, a name only this resolver knows (reaching the server
 * proves no other lookup was made), and the names it was asked for.
 */
function rocketOptions(extra: Partial<FetchPageOptions> = {}) {
  const calls: string[] = [];
  const resolver: Resolver = async (hostname) => {
    calls.push(hostname);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const options = {
    ...allowFixture,
    resolver,
    ...extra,
    policy: createAddressPolicy({ allowlist: ['rocket.test'] }),
  };
  return { calls, options };
}

function expectFailure<T>(result: Result<T>, code: QuarantineCode) {
  expect(result.ok ? 'ok' : result.failure.code).toBe(code);
  if (result.ok) throw new Error('unreachable');
  expect(result.failure.message).toMatch(/\w+/);
  return result.failure;
}

describe('the intranet allowlist', () => {
  it('is off by default: the loopback fixture server is refused without a connection', async () => {
    const before = server.connections();
    const failure = expectFailure(await fetchPage(`${server.origin}/tool`), 'blocked_address');
    expect(failure).toMatchObject({ transient: false, detail: '127.0.0.1 is loopback' });
    expect(server.connections()).toBe(before);
  });

  it('lets the named server through once set', async () => {
    const fetched = await page('/tool');
    expect(fetched).toMatchObject({ status: 200, remoteAddress: '127.0.0.1', charset: 'utf-8' });
    expect(fetched.metadata).toMatchObject({
      title: 'Rocket — static sites, fast',
      image: `${server.origin}/assets/og-card.png`,
      homepageUrl: `${server.origin}/`,
      forgeUrl: 'https://github.com/rocket-dev/rocket',
      suggestedSlug: 'rocket',
    });
  });
});

describe('fetching', () => {
  it('names stackyard in its User-Agent', async () => {
    const echo = JSON.parse((await page('/echo')).metadata.description ?? '{}') as { userAgent?: string };
    expect(echo.userAgent).toMatch(/stackyard/);
  });

  it('connects to the address it vetted, resolving each host once per hop', async () => {
    const { calls, options } = rocketOptions();
    const echo = await fetchPage(`http://rocket.test:${server.port}/echo`, options);
    expect(echo.ok && JSON.parse(echo.value.metadata.description ?? '{}')).toMatchObject({
      host: `rocket.test:${server.port}`,
    });
    expect(calls).toEqual(['rocket.test']);
    const redirected = await fetchPage(`http://rocket.test:${server.port}/redirect/2`, options);
    expect(redirected.ok && redirected.value.url).toBe(`http://rocket.test:${server.port}/tool`);
    expect(calls).toHaveLength(1 + 3);
  });

  it('follows up to 5 redirects, relative ones included, and refuses a sixth', async () => {
    const three = await page('/redirect/3');
    expect(three.url).toBe(`${server.origin}/tool`);
    expect(three.redirects).toEqual([3, 2, 1].map((n) => `${server.origin}/redirect/${n}`));
    expect((await page('/redirect/5')).redirects).toHaveLength(5);
    expect((await page('/redirect-to?location=%2Fbare')).metadata.title).toBe('Quasar');
    const failure = expectFailure(await fetchPage(`${server.origin}/redirect/6`, allowFixture), 'http_error');
    expect(failure.message).toBe('The site redirected too many times.');
  });

  it('decompresses gzip', async () => {
    expect((await page('/gzip')).metadata.title).toBe('Rocket — static sites, fast');
  });

  it.each([
    ['/latin1', 'Café Crème - outils', 'windows-1252'],
    ['/shift-jis', 'ロケット ツール', 'shift_jis'],
    ['/windows-1251', 'Ракета', 'windows-1251'],
    ['/utf8-bom', 'Bom “quoted”', 'utf-8'],
  ])('decodes %s by its declared charset', async (path, title, charset) => {
    const fetched = await page(path);
    expect(fetched.metadata.title).toBe(title);
    expect(fetched.charset).toBe(charset);
  });

  it('sniffs HTML without a Content-Type and refuses other documents as not_html', async () => {
    expect((await page('/no-content-type')).metadata.title).toBe('Untyped');
    for (const path of ['/pdf', '/json', '/untyped-binary']) {
      expectFailure(await fetchPage(`${server.origin}${path}`, allowFixture), 'not_html');
    }
    // The 2 MB PDF was not downloaded: the fetcher hung up after the headers.
    const raw = await guardedFetch(`${server.origin}/pdf`, { ...allowFixture, readBodyOf: () => false });
    expect(raw.ok && raw.value).toMatchObject({ bodyRead: false, mediaType: 'application/pdf' });
    expect(raw.ok && raw.value.body.length).toBe(0);
  });
});

describe('quarantine reasons', () => {
  it.each([
    ['/challenge/cloudflare', 403],
    ['/challenge/cloudflare-200', 200],
    ['/challenge/attention', 403],
    ['/challenge/ddos-guard', 403],
    ['/challenge/ellipsis', 200],
  ])('%s is a bot_challenge (HTTP %i), never a title', async (path, status) => {
    const failure = expectFailure(await fetchPage(`${server.origin}${path}`, allowFixture), 'bot_challenge');
    expect(failure.status).toBe(status);
  });

  it.each([
    ['/status/404', 404, false],
    ['/status/410', 410, false],
    ['/status/429', 429, true],
    ['/status/500', 500, true],
    ['/status/503-json', 503, true],
  ])('%s is an http_error (transient: %s)', async (path, status, transient) => {
    const failure = expectFailure(await fetchPage(`${server.origin}${path}`, allowFixture), 'http_error');
    expect(failure).toMatchObject({ status, transient });
    expect(failure.message).toContain(String(status));
  });

  it('times out on slow headers and on a body that never ends slowly', async () => {
    for (const path of ['/slow-headers', '/slow-body']) {
      const started = performance.now();
      const options = { ...allowFixture, totalTimeoutMs: 400 };
      const failure = expectFailure(await fetchPage(`${server.origin}${path}`, options), 'timeout');
      expect(failure.transient).toBe(true);
      // Before the slow server's answer at 5 s: the fetcher gave up at its own deadline.
      expect(performance.now() - started).toBeLessThan(4_500);
    }
  });

  // Without a length, the body ends when the connection closes, and the fetcher's own abort at the deadline
  // closes it: the title that arrived first must not pass for the page.
  it('times out on a page that drips a body without a length until the deadline', async () => {
    const options = { ...allowFixture, totalTimeoutMs: 400 };
    const failure = expectFailure(await fetchPage(`${server.origin}/slow-body-unframed`, options), 'timeout');
    expect(failure).toMatchObject({ transient: true, detail: 'no complete answer within 400 ms' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const cancelled = { ...allowFixture, signal: controller.signal };
    expectFailure(await fetchPage(`${server.origin}/slow-body-unframed`, cancelled), 'timeout');
  });

  it('reports a cancelled fetch as timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const options = { ...allowFixture, signal: controller.signal };
    const failure = expectFailure(await fetchPage(`${server.origin}/slow-body`, options), 'timeout');
    expect(failure.detail).toBe('cancelled');
  });

  it.each([['/endless'], ['/huge-declared'], ['/huge-chunked'], ['/gzip-bomb']])(
    '%s is too_large past 5 MB, without reading on',
    async (path) => {
      const started = performance.now();
      const failure = expectFailure(await fetchPage(`${server.origin}${path}`, allowFixture), 'too_large');
      expect(failure).toMatchObject({
        transient: false,
        message: 'The page is larger than the 5 MB stackyard reads.',
      });
      // Well before the fetcher's default 20 s deadline, which is what ends a read that goes on.
      expect(performance.now() - started).toBeLessThan(15_000);
    },
  );

  it('reads a page just under the cap', async () => {
    expect((await page('/just-under-cap')).metadata.title).toBe('Big but fine');
  });

  it('reports a refused connection and an unknown name as unreachable', async () => {
    const closed = await startFixtureServer();
    const { origin } = closed;
    await closed.close();
    const refused = expectFailure(await fetchPage(`${origin}/`, allowFixture), 'unreachable');
    expect(refused).toMatchObject({ transient: true, message: 'The site refused the connection.' });
    const resolver: Resolver = () =>
      Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' }));
    const unknown = expectFailure(await fetchPage('https://nowhere.test/', { resolver }), 'unreachable');
    expect(unknown.transient).toBe(false);
  });

  it('refuses a denied domain, and a redirect into one, without connecting', async () => {
    const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const options = {
      ...allowFixture,
      resolver,
      policy: createAddressPolicy({ allowlist: ['127.0.0.1'], denyDomains: ['denied.test'] }),
    };
    const before = server.connections();
    expectFailure(await fetchPage(`http://cdn.denied.test:${server.port}/tool`, options), 'blocked_domain');
    expect(server.connections()).toBe(before);
    const location = encodeURIComponent(`http://denied.test:${server.port}/tool`);
    expectFailure(
      await fetchPage(`${server.origin}/redirect-to?location=${location}`, options),
      'blocked_domain',
    );
    // One connection: the redirecting hop. The denied one was never opened.
    expect(server.connections()).toBe(before + 1);
    expect(server.requests().at(-1)).toBe(`/redirect-to?location=${location}`);
  });

  it('refuses invalid URLs before anything else', async () => {
    for (const url of ['nope', 'ftp://example.com/', 'file:///etc/passwd', 'https://u:p@example.com/']) {
      expectFailure(await fetchPage(url), 'invalid_url');
    }
  });
});

describe('https', () => {
  let secure: FixtureServer;
  beforeAll(async () => {
    secure = await startFixtureServer({ tls: true });
  });
  afterAll(() => secure.close());

  it('refuses a certificate it cannot verify, for good', async () => {
    const failure = expectFailure(await fetchPage(`${secure.origin}/tool`, allowFixture), 'unreachable');
    expect(failure).toMatchObject({
      transient: false,
      message: "The site's security certificate could not be verified.",
    });
  });

  it('checks the certificate against the name while connecting to the pinned address', async () => {
    const { calls, options } = rocketOptions({ extraCa: [fixtureCertificate] });
    const fetched = await fetchPage(`https://rocket.test:${secure.port}/tool`, options);
    expect(fetched.ok && fetched.value.metadata.title).toBe('Rocket — static sites, fast');
    expect(secure.servernames().at(-1)).toBe('rocket.test');
    expect(calls).toEqual(['rocket.test']);
    // The same certificate does not name other.test: pinning does not weaken verification.
    const wrongName = await fetchPage(`https://other.test:${secure.port}/tool`, {
      ...options,
      policy: createAddressPolicy({ allowlist: ['other.test'] }),
    });
    expectFailure(wrongName, 'unreachable');
  });

  it('follows a redirect from https to http and re-checks it', async () => {
    const options = { ...allowFixture, extraCa: [fixtureCertificate] };
    const location = encodeURIComponent(`${server.origin}/bare`);
    const fetched = await fetchPage(`${secure.origin}/redirect-to?location=${location}`, options);
    expect(fetched.ok && fetched.value).toMatchObject({
      url: `${server.origin}/bare`,
      metadata: { title: 'Quasar' },
    });
    // 127.0.0.2 is loopback too but not on the allowlist: the second hop is vetted on its own.
    const elsewhere = encodeURIComponent(`http://127.0.0.2:${server.port}/bare`);
    const blocked = await fetchPage(`${secure.origin}/redirect-to?location=${elsewhere}`, options);
    expect(expectFailure(blocked, 'blocked_address').detail).toBe('127.0.0.2 is loopback');
  });
});

describe('several addresses for one name', () => {
  it('tries the vetted addresses in turn when the first refuses', async () => {
    const resolver: Resolver = async () => [
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ];
    const options = { ...allowFixture, resolver, policy: createAddressPolicy({ allowlist: ['dual.test'] }) };
    const fetched = await fetchPage(`http://dual.test:${server.port}/bare`, options);
    expect(fetched.ok && fetched.value).toMatchObject({
      remoteAddress: '127.0.0.1',
      metadata: { title: 'Quasar' },
    });
  });
});
