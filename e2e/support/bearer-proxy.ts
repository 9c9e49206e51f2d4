// A loopback HTTP proxy that forwards every request to `target` unchanged (method, path, headers including Host
// and Origin, streamed bodies both ways) and adds `Authorization: Bearer <token>`: for MCP clients that cannot
// send a header of their own, such as the conformance suite's.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startBearerProxy(target: string, token: string) {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
