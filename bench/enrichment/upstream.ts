// Local upstream sites for the enrichment benchmark: one HTTP server per host name, each on its own loopback
// address (127.0.0.2, 127.0.0.3, …), answering a small page at once or after a fixed latency. The fetcher
// reaches them through a resolver that maps each name to its address (loopback is allowlisted for the run).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstreams {
  /** One page URL per bookmark, spread over the hosts in turn. */
  urls(count: number, tag: string): string[];
  /** Resolves the hosts' names to their addresses (the ingestion settings' resolver). */
  resolver(hostname: string): Promise<Array<{ address: string; family: 4 }>>;
  /** When each page request arrived (performance.now()), in order. */
  arrivals(): number[];
  /** The most page requests one host had in flight at once. */
  maxInFlightPerHost(): number;
  close(): Promise<void>;
}

export async function startUpstreams(hosts: number, latencyMs: number): Promise<Upstreams> {
  const arrivals: number[] = [];
  let maxInFlight = 0;
  const sites = await Promise.all(
    Array.from({ length: hosts }, async (_, index) => {
      const address = `127.0.0.${index + 2}`;
      let inFlight = 0;
      const server = http.createServer((request, response) => {
        if (!request.url?.startsWith('/page/')) {
          response.writeHead(404).end();
          return;
        }
        arrivals.push(performance.now());
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const answer = () => {
          inFlight--;
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              `<!doctype html><html lang="en"><head><title>Page ${request.url}</title>` +
                `<meta name="description" content="A page of host ${index}."></head><body><p>Hello</p></body></html>`,
            );
        };
        if (latencyMs > 0) setTimeout(answer, latencyMs);
        else answer();
      });
      server.listen(0, address);
      await once(server, 'listening');
      return {
        name: `site-${index}.bench.test`,
        address,
        port: (server.address() as AddressInfo).port,
        server,
      };
    }),
  );
  const byName = new Map(sites.map((site) => [site.name, site.address]));
  return {
    urls: (count, tag) =>
      Array.from({ length: count }, (_, i) => {
        const { name, port } = sites[i % sites.length] ?? sites[0] ?? { name: '', port: 0 };
        return `http://${name}:${port}/page/${tag}-${i}`;
      }),
    async resolver(hostname) {
      const address = byName.get(hostname);
      if (!address) throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' });
      return [{ address, family: 4 }];
    },
    arrivals: () => arrivals,
    maxInFlightPerHost: () => maxInFlight,
    async close() {
      await Promise.all(
        sites.map(async ({ server }) => {
          server.closeAllConnections();
          server.close();
          await once(server, 'close');
        }),
      );
    },
  };
}

/** A Netscape bookmarks file of these URLs. */
export function bookmarksFileOf(urls: readonly string[]): string {
  const entries = urls.map((url, i) => `<DT><A HREF="${url}" ADD_DATE="1700000000">Link ${i}</A>`);
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n${entries.join('\n')}\n</DL><p>\n`;
}
