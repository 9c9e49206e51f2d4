// When the server trims its heap: shortly after start-up, then once a period when requests were served since
// the last trim; never while a request is in flight, and never after it closed.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trimWhenIdle } from './idle-trim.ts';

const FIRST_MS = 30;
const PERIOD_MS = 120;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface Served {
  trims: () => number;
  url: string;
  /** Whether the server has the slow request. */
  waiting: () => boolean;
  release: () => void;
}

async function serve(): Promise<Served> {
  let trims = 0;
  let waiting = false;
  let release = () => {};
  app = Fastify();
  trimWhenIdle(app, { collect: () => (trims += 1), firstMs: FIRST_MS, periodMs: PERIOD_MS });
  app.get('/quick', async () => 'ok');
  app.get('/slow', () => {
    waiting = true;
    return new Promise<string>((resolve) => (release = () => resolve('done')));
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { trims: () => trims, url, waiting: () => waiting, release: () => release() };
}

describe('trimWhenIdle', () => {
  it('trims after start-up, then only when requests were served since', async () => {
    const server = await serve();
    expect(server.trims()).toBe(0);
    await expect.poll(server.trims).toBe(1);
    await wait(PERIOD_MS * 3);
    expect(server.trims()).toBe(1);

    // One request: two could be served a period apart on a loaded machine, and each would then earn a trim.
    expect((await fetch(`${server.url}/quick`)).status).toBe(200);
    await expect.poll(server.trims).toBe(2);
    await wait(PERIOD_MS * 3);
    expect(server.trims()).toBe(2);
  });

  it('waits while a request is in flight, then trims once it has ended', async () => {
    const server = await serve();
    await expect.poll(server.trims).toBe(1);
    const slow = fetch(`${server.url}/slow`);
    await expect.poll(server.waiting).toBe(true);
    await wait(PERIOD_MS * 3);
    expect(server.trims()).toBe(1);
    server.release();
    expect(await (await slow).text()).toBe('done');
    await expect.poll(server.trims).toBe(2);
  });

  it('counts a request the client gave up on as ended', async () => {
    const server = await serve();
    await expect.poll(server.trims).toBe(1);
    const aborted = new AbortController();
    const slow = fetch(`${server.url}/slow`, { signal: aborted.signal }).catch(() => 'aborted');
    await expect.poll(server.waiting).toBe(true);
    await wait(PERIOD_MS * 2);
    expect(server.trims()).toBe(1);
    aborted.abort();
    expect(await slow).toBe('aborted');
    await expect.poll(server.trims).toBe(2);
    server.release();
  });

  it('stops when the app closes', async () => {
    const server = await serve();
    await app?.close();
    app = undefined;
    await wait(FIRST_MS + PERIOD_MS * 2);
    expect(server.trims()).toBe(0);
  });
});
