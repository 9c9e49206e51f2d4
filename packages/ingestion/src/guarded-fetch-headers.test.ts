// An API's request headers (a token, If-None-Match) reach the origin asked for, and never another origin a
// redirect points to.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from './address-policy.ts';
import { guardedFetch, type Resolver } from './guarded-fetch.ts';

let server: http.Server;
let port: number;
const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
const policy = createAddressPolicy({ allowlist: ['127.0.0.1', 'localhost'] });

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/elsewhere') {
      response.writeHead(302, { location: `http://localhost:${port}/echo` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.headers));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
});

const headersSeen = async (path: string) => {
  const result = await guardedFetch(`http://127.0.0.1:${port}${path}`, {
    policy,
    resolver,
    headers: { authorization: 'Bearer secret', 'if-none-match': 'W/"1"' },
  });
  if (!result.ok) throw new Error(result.failure.message);
  return JSON.parse(result.value.body.toString('utf8')) as Record<string, string>;
};

describe('guardedFetch headers', () => {
  it('sends them to the URL asked for', async () => {
    expect(await headersSeen('/echo')).toMatchObject({
      authorization: 'Bearer secret',
      'if-none-match': 'W/"1"',
    });
  });

  it('does not forward them to another origin after a redirect', async () => {
    const seen = await headersSeen('/elsewhere');
    expect(seen.host).toBe(`localhost:${port}`);
    expect(seen.authorization).toBeUndefined();
    expect(seen['if-none-match']).toBeUndefined();
  });
});
