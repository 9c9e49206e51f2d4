// A real HTTP server on 127.0.0.1 that plays every kind of site the fetcher must cope with, and a bare TCP
// listener that only counts connections, to prove a forbidden address was never contacted.
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import net, { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import {
  articlePage,
  attentionRequired,
  bareTitle,
  baseHrefPage,
  cloudflareChallenge,
  ddosGuard,
  ellipsisChallenge,
  jsonLdOnly,
  latin1Page,
  notFoundPage,
  plainPage,
  privateImagesPage,
  repositoryPage,
  toolHomepage,
  twitterOnly,
} from './fixture-pages.ts';
import { hugeIcon, scriptedSvg, toolCard, toolIcon } from './fixture-images.ts';
import { fixtureCertificate, fixtureKey } from './tls-fixture.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL, origin: string) => void;

const HTML = 'text/html; charset=utf-8';
const MB = 1024 * 1024;

const vanishingArticle = (name: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Field notes on ${name}</title><meta name="author" content="Ada Example"></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav><article><h1>Field notes on ${name}</h1>
<p>An aerostat stays aloft because its envelope holds a lifting gas lighter than the air around it.</p>
<p>Early designs used hydrogen; later ones moved to helium, which does not burn, at a higher cost.</p>
<p>Read <a href="/articles/${name}/history">the history</a> for how the designs changed over the decades.</p>
<script>document.title = 'changed by a script'</script></article><footer>Fixture site</footer></body></html>`;

function html(body: string, status = 200, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': HTML, ...headers });
    response.end(body);
  };
}

function image(type: string, bytes: Buffer): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': type });
    response.end(bytes);
  };
}

/**
 * Writes `chunk` every `intervalMs` until the client goes away; `limit` bounds a runaway test. Unframed: no
 * Content-Length and no chunked encoding, the body ends when the connection closes (HTTP/1.0 style).
 */
function stream(chunk: Buffer, intervalMs: number, limit = 64 * MB, unframed = false): Handler {
  return (_request, response) => {
    response.useChunkedEncodingByDefault = !unframed;
    response.writeHead(200, { 'content-type': HTML, ...(unframed ? { connection: 'close' } : {}) });
    if (unframed) response.write('<html><head><title>Dripping</title></head><body>');
    let sent = 0;
    const timer = setInterval(() => {
      if (response.destroyed || sent >= limit) {
        clearInterval(timer);
        response.end();
        return;
      }
      sent += chunk.length;
      response.write(chunk);
    }, intervalMs);
    response.on('close', () => clearInterval(timer));
  };
}

// "ロケット ツール" in Shift_JIS and "Ракета" in windows-1251, as raw bytes.
const SHIFT_JIS = Buffer.from([
  0x83, 0x8d, 0x83, 0x50, 0x83, 0x62, 0x83, 0x67, 0x20, 0x83, 0x63, 0x81, 0x5b, 0x83, 0x8b,
]);
const WINDOWS_1251 = Buffer.from([0xd0, 0xe0, 0xea, 0xe5, 0xf2, 0xe0]);

const routes = new Map<string, Handler>([
  ['/tool', (_q, s, _u, origin) => html(toolHomepage(origin))(_q, s, _u, origin)],
  ['/twitter', html(twitterOnly)],
  ['/json-ld', html(jsonLdOnly)],
  ['/plain/', html(plainPage)],
  ['/bare', html(bareTitle)],
  ['/base-href', html(baseHrefPage)],
  ['/acme/rocket-engine', html(repositoryPage)],
  [
    '/gzip',
    (_q, s, _u, origin) => {
      s.writeHead(200, { 'content-type': HTML, 'content-encoding': 'gzip' });
      s.end(gzipSync(toolHomepage(origin)));
    },
  ],
  [
    '/latin1',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      s.end(Buffer.from(latin1Page, 'latin1'));
    },
  ],
  [
    '/shift-jis',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/html' });
      s.end(
        Buffer.concat([
          Buffer.from('<html><head><meta charset="Shift_JIS"><title>'),
          SHIFT_JIS,
          Buffer.from('</title></head><body></body></html>'),
        ]),
      );
    },
  ],
  [
    '/windows-1251',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/html' });
      const head =
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><title>';
      s.end(
        Buffer.concat([Buffer.from(head), WINDOWS_1251, Buffer.from('</title></head><body></body></html>')]),
      );
    },
  ],
  [
    '/utf8-bom',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'text/html' });
      s.end(
        Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from('<html><head><title>Bom “quoted”</title></head></html>'),
        ]),
      );
    },
  ],
  [
    '/no-content-type',
    (_q, s) => {
      s.writeHead(200);
      s.end('<!DOCTYPE html><html><head><title>Untyped</title></head></html>');
    },
  ],
  [
    '/pdf',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'application/pdf' });
      s.end(Buffer.alloc(2 * MB, 0x25));
    },
  ],
  [
    '/json',
    (_q, s) => {
      s.writeHead(200, { 'content-type': 'application/json' });
      s.end('{"title":"not html"}');
    },
  ],
  [
    '/untyped-binary',
    (_q, s) => {
      s.writeHead(200);
      s.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    },
  ],
  [
    '/challenge/cloudflare',
    html(cloudflareChallenge, 403, { 'cf-mitigated': 'challenge', server: 'cloudflare' }),
  ],
  ['/challenge/cloudflare-200', html(cloudflareChallenge)],
  ['/challenge/attention', html(attentionRequired, 403)],
  ['/challenge/ddos-guard', html(ddosGuard, 403)],
  ['/challenge/ellipsis', html(ellipsisChallenge)],
  ['/status/404', html(notFoundPage, 404)],
  ['/status/410', html(notFoundPage, 410)],
  ['/status/429', html('<title>Too many</title>', 429)],
  ['/status/500', html('<title>Internal Server Error</title>', 500)],
  [
    '/status/503-json',
    (_q, s) => {
      s.writeHead(503, { 'content-type': 'application/json' });
      s.end('{}');
    },
  ],
  [
    '/slow-headers',
    (_q, s) => {
      const timer = setTimeout(() => s.writeHead(200, { 'content-type': HTML }).end(bareTitle), 5_000);
      s.on('close', () => clearTimeout(timer));
    },
  ],
  ['/slow-body', stream(Buffer.from('<p>drip</p>\n'), 100)],
  ['/slow-body-unframed', stream(Buffer.from('<p>drip</p>\n'), 100, 64 * MB, true)],
  ['/endless', stream(Buffer.alloc(64 * 1024, 0x61), 1)],
  [
    '/huge-declared',
    (_q, s) => {
      s.writeHead(200, { 'content-type': HTML, 'content-length': String(6 * MB) });
      s.write('<html>');
      // Never sends the rest: the fetcher must refuse on the header alone.
    },
  ],
  [
    '/huge-chunked',
    (_q, s) => {
      s.writeHead(200, { 'content-type': HTML });
      s.end(Buffer.alloc(6 * MB, 0x61));
    },
  ],
  [
    '/gzip-bomb',
    (_q, s) => {
      s.writeHead(200, { 'content-type': HTML, 'content-encoding': 'gzip' });
      s.end(gzipSync(Buffer.alloc(20 * MB, 0x61)));
    },
  ],
  [
    '/just-under-cap',
    (_q, s) => {
      const padding = Buffer.alloc(5 * MB - 200, 0x20);
      s.writeHead(200, { 'content-type': HTML });
      s.end(Buffer.concat([Buffer.from('<html><head><title>Big but fine</title></head><body>'), padding]));
    },
  ],
  // The tool page's icon and card, and images a media fetcher must refuse or neutralize.
  ['/article', html(articlePage)],
  ['/private-images', html(privateImagesPage)],
  ['/favicon-32.png', image('image/png', toolIcon)],
  ['/assets/og-card.png', image('image/png', toolCard)],
  ['/images/huge.png', image('image/png', hugeIcon)],
  ['/images/scripted.svg', image('image/svg+xml', Buffer.from(scriptedSvg))],
  ['/images/html-as-png', image('image/png', Buffer.from('<html><body>not an image</body></html>'))],
  [
    '/echo',
    (request, s) => {
      s.writeHead(200, { 'content-type': HTML });
      const echo = JSON.stringify({ host: request.headers.host, userAgent: request.headers['user-agent'] });
      s.end(`<html><head><title>echo</title><meta name="description" content='${echo}'></head></html>`);
    },
  ],
]);

function redirect(response: ServerResponse, location: string, status = 302): void {
  response.writeHead(status, { location });
  response.end();
}

export interface FixtureServer {
  origin: string;
  port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Paths requested so far, in order. */
  requests(): string[];
  /** TLS server names (SNI) clients sent, for an HTTPS server. */
  servernames(): string[];
  close(): Promise<void>;
}

export interface FixtureServerOptions {
  /** Serve HTTPS with the self-signed certificate of tls-fixture.ts. */
  tls?: boolean;
}

export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const seen: string[] = [];
  const servernames: string[] = [];
  let connections = 0;
  let origin = '';
  const held = new Set<string>();
  const gone = new Set<string>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    seen.push(url.pathname + url.search);
    // /articles/<name>: an article (a readable copy's source) until /articles/<name>/gone is asked, then 404.
    const article = /^\/articles\/([\w-]+)(\/gone)?$/.exec(url.pathname);
    if (article?.[1]) {
      if (article[2]) {
        gone.add(article[1]);
        response.writeHead(204);
        response.end();
        return;
      }
      if (!gone.has(article[1])) return html(vanishingArticle(article[1]))(request, response, url, origin);
    }
    // /hold-once/<name>: the first request never gets an answer (a job stays in flight, e.g. while its
    // process is killed); every later one gets the tool page.
    if (url.pathname.startsWith('/hold-once/')) {
      if (!held.has(url.pathname)) {
        held.add(url.pathname);
        return;
      }
      return html(toolHomepage(origin))(request, response, url, origin);
    }
    // /redirect/3 → /redirect/2 → /redirect/1 → /tool; /redirect-to?location=… → that location.
    const hops = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]);
      return redirect(response, left > 1 ? `/redirect/${left - 1}` : '/tool', left % 2 ? 301 : 307);
    }
    if (url.pathname === '/redirect-to') return redirect(response, url.searchParams.get('location') ?? '/');
    const handler = routes.get(url.pathname);
    if (handler) return handler(request, response, url, origin);
    html(notFoundPage, 404)(request, response, url, origin);
  };
  const server = options.tls
    ? https.createServer({ cert: fixtureCertificate, key: fixtureKey }, handle)
    : http.createServer(handle);
  server.on('connection', () => connections++);
  server.on('secureConnection', (socket: TLSSocket) => {
    const name = (socket as TLSSocket & { servername?: string | false }).servername;
    if (typeof name === 'string') servernames.push(name);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    origin,
    port,
    connections: () => connections,
    requests: () => [...seen],
    servernames: () => [...servernames],
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export interface ConnectionCounter {
  /** The port, the same on 127.0.0.1 and (when the machine has IPv6) on ::1. */
  port: number;
  hasIPv6: boolean;
  connections(): number;
  close(): Promise<void>;
}

/** A listener on loopback that answers nothing and counts who connected: it must stay at 0. */
export async function startConnectionCounter(): Promise<ConnectionCounter> {
  let connections = 0;
  const onConnection = (socket: net.Socket) => {
    connections++;
    socket.destroy();
  };
  for (let attempt = 0; ; attempt++) {
    const v4 = net.createServer(onConnection);
    v4.listen(0, '127.0.0.1');
    await once(v4, 'listening');
    const { port } = v4.address() as AddressInfo;
    const v6 = net.createServer(onConnection);
    const v6Listening = await new Promise<boolean>((resolve) => {
      v6.once('error', () => resolve(false));
      v6.listen({ port, host: '::1', ipv6Only: true }, () => resolve(true));
    });
    // The same port must be free on ::1 too; a rare clash with another process means try another port.
    if (!v6Listening && attempt < 5 && (await hasIPv6Loopback())) {
      v4.close();
      continue;
    }
    const servers = v6Listening ? [v4, v6] : [v4];
    return {
      port,
      hasIPv6: v6Listening,
      connections: () => connections,
      async close() {
        await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      },
    };
  }
}

async function hasIPv6Loopback(): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(0, '::1', () => probe.close(() => resolve(true)));
  });
}
