// Rate limits and timing: what an attacker guessing passwords or probing for accounts gets.
import { afterEach, describe, expect, it } from 'vitest';
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

describe('rate limits', () => {
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
