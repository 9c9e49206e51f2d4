// Rate limits and timing: what an attacker guessing passwords or probing for accounts gets.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb } from '@stackyard/db/testing';
import { createUser, csrfOf, frontendApi, startIdentityServer, type IdentityTestServer } from './testing.ts';

const servers: IdentityTestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(...args: Parameters<typeof startIdentityServer>) {
  const server = await startIdentityServer(...args);
  servers.push(server);
  return server;
}

/** One login attempt as raw JSON, to read the status and headers of every answer. */
async function attempt(server: IdentityTestServer, identifier: string, password: string) {
  const { api, jar } = frontendApi(server.basePath);
  const flow = await api.createBrowserLoginFlow();
  const started = performance.now();
  const response = await jar.fetch(`${server.basePath}/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier, password, csrf_token: csrfOf(flow) }),
  });
  const elapsed = performance.now() - started;
  return { response, body: (await response.json()) as Record<string, unknown>, elapsed };
}

/**
 * One login attempt sent from a given loopback address (127.0.0.0/8 all reach the server), so the
 * server sees distinct client IPs without trusting any proxy header.
 */
async function attemptFrom(
  server: IdentityTestServer,
  address: string,
  identifier: string,
  password: string,
) {
  const { api, jar } = frontendApi(server.basePath);
  const flow = await api.createBrowserLoginFlow();
  const url = new URL(`${server.basePath}/self-service/login?flow=${flow.id}`);
  const body = JSON.stringify({ method: 'password', identifier, password, csrf_token: csrfOf(flow) });
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const sent = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress: address,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
  return { status, elapsed: performance.now() - started };
}

describe('rate limits', () => {
  it("never lets a stranger's failures lock the owner out: only the failing client is refused", async () => {
    const server = await start({
      rateLimit: { windowSeconds: 600, perIp: 100, perIdentifier: 5, slowdownAfter: 5, maxDelayMs: 400 },
    });
    await createUser(server, 'owner@example.com', 'the real passphrase 4');
    const stranger: number[] = [];
    for (let index = 0; index < 12; index++)
      stranger.push((await attemptFrom(server, '127.0.0.2', 'owner@example.com', `guess ${index}`)).status);
    expect(stranger).toEqual([...Array<number>(5).fill(400), ...Array<number>(7).fill(429)]);
    // The stranger's address stays refused, even with the right password.
    expect(
      (await attemptFrom(server, '127.0.0.2', 'owner@example.com', 'the real passphrase 4')).status,
    ).toBe(429);

    // The owner, from an address that has not failed, signs in: slowed down, never refused.
    const owner = await attemptFrom(server, '127.0.0.3', 'owner@example.com', 'the real passphrase 4');
    expect(owner.status).toBe(200);
    expect(owner.elapsed).toBeGreaterThanOrEqual(250);
    // A guesser on a third address is slowed as well, and its failure makes the next wait longer.
    const third = await attemptFrom(server, '127.0.0.4', 'owner@example.com', 'guess 13');
    expect(third.status).toBe(400);
    expect(third.elapsed).toBeGreaterThanOrEqual(250);
    expect(
      (await attemptFrom(server, '127.0.0.4', 'owner@example.com', 'guess 14')).elapsed,
    ).toBeGreaterThanOrEqual(400);
    // Another account is not slowed by this one's failures.
    await createUser(server, 'bystander@example.com', 'the real passphrase 5');
    expect(
      (await attemptFrom(server, '127.0.0.3', 'bystander@example.com', 'the real passphrase 5')).status,
    ).toBe(200);
  });

  it('counts only failures: a client signing in correctly again and again is never refused', async () => {
    const server = await start({ rateLimit: { windowSeconds: 600, perIp: 3, perIdentifier: 2 } });
    await createUser(server, 'busy@example.com', 'the real passphrase 6');
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++)
      statuses.push(
        (await attemptFrom(server, '127.0.0.5', 'busy@example.com', 'the real passphrase 6')).status,
      );
    expect(statuses).toEqual(Array<number>(8).fill(200));
  });

  it('refuses a client IP after its failures across many accounts, and shares the counts between instances', async () => {
    const db = await createTestDb();
    try {
      const limits = { rateLimit: { windowSeconds: 600, perIp: 4, perIdentifier: 10 } };
      const first = await start(limits, { db });
      const second = await start(limits, { db });
      await createUser(first, 'shared@example.com', 'the real passphrase 7');
      const statuses: number[] = [];
      for (let index = 0; index < 4; index++) {
        const server = index % 2 === 0 ? first : second;
        statuses.push((await attemptFrom(server, '127.0.0.6', `person${index}@example.com`, 'guess')).status);
      }
      expect(statuses).toEqual([400, 400, 400, 400]);
      expect(
        (await attemptFrom(second, '127.0.0.6', 'shared@example.com', 'the real passphrase 7')).status,
      ).toBe(429);
      expect(
        (await attemptFrom(first, '127.0.0.7', 'shared@example.com', 'the real passphrase 7')).status,
      ).toBe(200);
    } finally {
      for (const server of servers.splice(0)) await server.close();
      await db.close();
    }
  });

  it('keeps an address over its failure budget open to accounts that signed in from it, and only to them', async () => {
    const server = await start({ rateLimit: { windowSeconds: 600, perIp: 5, perIdentifier: 3 } });
    await createUser(server, 'regular@example.com', 'the real passphrase 9');
    await createUser(server, 'newcomer@example.com', 'the real passphrase 10');
    // A colleague behind the same NAT signed in yesterday; today a stuffer behind it tries many accounts.
    const office = '127.0.0.8';
    expect((await attemptFrom(server, office, 'regular@example.com', 'the real passphrase 9')).status).toBe(
      200,
    );
    const stuffing: number[] = [];
    for (let index = 0; index < 7; index++)
      stuffing.push((await attemptFrom(server, office, `person${index}@example.com`, 'leaked')).status);
    expect(stuffing).toEqual([400, 400, 400, 400, 400, 429, 429]);

    // The regular user still signs in from the office; an account never opened from it is refused there...
    expect((await attemptFrom(server, office, 'regular@example.com', 'the real passphrase 9')).status).toBe(
      200,
    );
    expect((await attemptFrom(server, office, 'newcomer@example.com', 'the real passphrase 10')).status).toBe(
      429,
    );
    // ...and signs in from anywhere else.
    expect(
      (await attemptFrom(server, '127.0.0.9', 'newcomer@example.com', 'the real passphrase 10')).status,
    ).toBe(200);

    // Guessing at the regular account from the office spends that account's own budget there, then stops.
    const guesses: number[] = [];
    for (let index = 0; index < 4; index++)
      guesses.push((await attemptFrom(server, office, 'regular@example.com', `guess ${index}`)).status);
    expect(guesses).toEqual([400, 400, 400, 429]);
    expect((await attemptFrom(server, office, 'regular@example.com', 'the real passphrase 9')).status).toBe(
      429,
    );
  });

  it('lets a burst of 100 wrong passwords for one account test only a handful, then answers 429', async () => {
    const server = await start({ rateLimit: { windowSeconds: 600, perIp: 10_000, perIdentifier: 5 } });
    await createUser(server, 'target@example.com', 'the real passphrase 1');
    const answers: Array<Awaited<ReturnType<typeof attempt>>> = [];
    for (let batch = 0; batch < 10; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            attempt(server, 'target@example.com', `guess number ${batch * 10 + index}`),
          ),
        )),
      );
    }
    const checked = answers.filter((answer) => answer.response.status === 400);
    const limited = answers.filter((answer) => answer.response.status === 429);
    expect(checked.length).toBe(5);
    expect(limited.length).toBe(95);
    const first = limited[0];
    if (!first) throw new Error('no 429');
    const retryAfter = Number(first.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(first.body).toMatchObject({
      error: { code: 429, id: 'rate_limit_exceeded' },
      status: 429,
      title: 'Too Many Requests',
    });
    // The identifier is what is limited, however it is spelled.
    expect((await attempt(server, ' TARGET@example.com', 'the real passphrase 1')).response.status).toBe(429);
  });

  it('limits registrations per client IP', async () => {
    const server = await start({ rateLimit: { windowSeconds: 600, perIp: 3, perIdentifier: 100 } });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const { api, jar } = frontendApi(server.basePath);
      const flow = await api.createBrowserRegistrationFlow();
      const response = await jar.fetch(`${server.basePath}/self-service/registration?flow=${flow.id}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          method: 'password',
          traits: { email: `person${index}@example.com` },
          password: 'a long unusual passphrase',
          csrf_token: csrfOf(flow),
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('timing', () => {
  it('answers an unknown e-mail after about as long as a wrong password', async () => {
    // Costly enough that the hash dominates the request time, as in production.
    const server = await start({ argon2: { memoryCost: 32_768, timeCost: 2, parallelism: 1 } });
    await createUser(server, 'known@example.com', 'the real passphrase 2');
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round++) {
      known.push((await attempt(server, 'known@example.com', 'wrong passphrase')).elapsed);
      unknown.push((await attempt(server, `unknown${round}@example.com`, 'wrong passphrase')).elapsed);
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('NUL characters', () => {
  it('refuses them in login and registration with a 400 naming the field, never a 500', async () => {
    const server = await start();
    await createUser(server, 'nul@example.com', 'the real passphrase 3');
    const submit = async (kind: 'login' | 'registration', body: Record<string, unknown>, form = false) => {
      const { api, jar } = frontendApi(server.basePath);
      const flow =
        kind === 'login' ? await api.createBrowserLoginFlow() : await api.createBrowserRegistrationFlow();
      const fields = { ...body, csrf_token: csrfOf(flow) };
      const response = await jar.fetch(`${server.basePath}/self-service/${kind}?flow=${flow.id}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        },
        body: form
          ? new URLSearchParams(fields as Record<string, string>).toString()
          : JSON.stringify(fields),
      });
      return { status: response.status, body: (await response.json()) as { error?: { reason?: string } } };
    };
    const cases = [
      {
        answer: await submit('login', {
          method: 'password',
          identifier: 'nul@example.com\u0000',
          password: 'x',
        }),
        pointer: '/body/identifier',
      },
      {
        answer: await submit('login', {
          method: 'password',
          identifier: 'nul@example.com',
          password: 'the real\u0000 passphrase 3',
        }),
        pointer: '/body/password',
      },
      {
        answer: await submit(
          'login',
          { method: 'password', identifier: 'secret\u0000@example.com', password: 'x' },
          true,
        ),
        pointer: '/body/identifier',
      },
      {
        answer: await submit('registration', {
          method: 'password',
          traits: { email: 'new\u0000@example.com' },
          password: 'a long unusual passphrase',
        }),
        pointer: '/body/traits/email',
      },
    ];
    for (const { answer, pointer } of cases) {
      expect(answer.status, pointer).toBe(400);
      expect(answer.body.error?.reason).toBe(`${pointer}: must not contain the NUL character (\\u0000)`);
    }
    const flowId = `${'0'.repeat(35)}\u0000`;
    const lookup = await fetch(
      `${server.basePath}/self-service/login/flows?id=${encodeURIComponent(flowId)}`,
      { headers: { accept: 'application/json' } },
    );
    expect(lookup.status).toBe(400);
    // The account still signs in normally.
    expect((await attempt(server, 'nul@example.com', 'the real passphrase 3')).response.status).toBe(200);
  });
});
