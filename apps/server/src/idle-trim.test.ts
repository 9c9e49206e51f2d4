// When the server trims its heap: once it has gone quiet after start-up, and after each quiet spell that follows
// requests; never while a request is in flight, and never after it closed.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trimWhenIdle } from './idle-trim.ts';

const QUIET_MS = 40;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(): Promise<{ trims: () => number; url: string; release: () => void }> {
  let trims = 0;
  let release = () => {};
  app = Fastify();
  trimWhenIdle(app, { collect: () => (trims += 1), firstMs: QUIET_MS, laterMs: QUIET_MS * 2 });
  app.get('/quick', async () => 'ok');
  app.get('/slow', () => new Promise<string>((resolve) => (release = () => resolve('done'))));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { trims: () => trims, url, release: () => release() };
}

describe('trimWhenIdle', () => {
  it('trims once after start-up, and once more after requests, when quiet', async () => {
    const server = await serve();
    expect(server.trims()).toBe(0);
    await expect.poll(server.trims).toBe(1);
    await wait(QUIET_MS * 4);
    expect(server.trims()).toBe(1);

    expect((await fetch(`${server.url}/quick`)).status).toBe(200);
    await expect.poll(server.trims).toBe(2);
    await wait(QUIET_MS * 4);
    expect(server.trims()).toBe(2);
  });

  it('waits while a request is in flight, then trims once it has ended', async () => {
    const server = await serve();
    await expect.poll(server.trims).toBe(1);
    const slow = fetch(`${server.url}/slow`);
    await wait(QUIET_MS * 5);
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
    await wait(QUIET_MS);
    aborted.abort();
    expect(await slow).toBe('aborted');
    await expect.poll(server.trims).toBe(2);
    server.release();
  });

  it('stops when the app closes', async () => {
    const server = await serve();
    await fetch(`${server.url}/quick`);
    await app?.close();
    app = undefined;
    const trims = server.trims();
    await wait(QUIET_MS * 4);
    expect(server.trims()).toBe(trims);
  });
});
