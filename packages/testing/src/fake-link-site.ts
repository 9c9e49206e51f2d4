// A local web site whose pages answer what a link check meets: a page with an ETag that answers 304 to a
// conditional request, permanent and temporary redirects, 404, 410 and 500. Also used by the bench and e2e.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLinkSite {
  origin: string;
  /** The request headers each request of a path arrived with, in order. */
  requests(path: string): IncomingHttpHeaders[];
  close(): Promise<void>;
}

const ETAG = '"v1"';

export async function startFakeLinkSite(): Promise<FakeLinkSite> {
  const seen = new Map<string, IncomingHttpHeaders[]>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    seen.set(path, [...(seen.get(path) ?? []), request.headers]);
    const [route] = path.split('?');
    const send = (status: number, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/html', ...headers });
      response.end(status === 304 ? undefined : `<title>${status}</title>`);
    };
    if (route === '/ok') {
      if (request.headers['if-none-match'] === ETAG) send(304, { etag: ETAG });
      else send(200, { etag: ETAG, 'last-modified': 'Mon, 02 Nov 2026 10:00:00 GMT' });
    } else if (route === '/old') send(301, { location: '/new' });
    else if (route === '/old-308') send(308, { location: '/new' });
    else if (route === '/elsewhere-for-now') send(302, { location: '/new' });
    else if (route === '/missing') send(404);
    else if (route === '/removed') send(410);
    else if (route === '/broken') send(500);
    else send(200);
  });
  // Checks keep connections open between requests; the bench's thousands of them must not pile up.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: (path) => seen.get(path) ?? [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
