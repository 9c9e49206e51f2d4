// Identity benchmark: whoami with tokenize_as (requests per second, p50/p99) and password login latency,
// on PGlite and on PostgreSQL, with the argon2 parameters in use. The baseline is a plain Fastify route
// served and loaded the same way in the same run, so the ratios say what the identity service adds.
import { hash } from '@node-rs/argon2';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDb, MEMORY, type DbHandle } from '@stackyard/db/client';
import { DEFAULT_ARGON2, identityConfig } from '@stackyard/identity/config';
import { createIdentity } from '@stackyard/identity/identities';
import { identityPlugin } from '@stackyard/identity/plugin';
import { benchDatabase, benchPostgresUrl } from '../support/postgres.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 20);
const PASSWORD = 'a benchmark passphrase 2026';

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
};

/** CONCURRENCY clients sending one request after another for SECONDS. */
async function load(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** One password login as the SPA does it; answers the submit's latency and the browser's cookies. */
async function login(base: string): Promise<{ ms: number; cookie: string }> {
  const jar = new Map<string, string>();
  const created = await fetch(`${base}/self-service/login/browser`, {
    headers: { accept: 'application/json' },
  });
  cookiesOf(created, jar);
  const flow = (await created.json()) as {
    id: string;
    ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
  };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const begin = performance.now();
  const response = await fetch(`${base}/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', cookie: cookieHeader(jar) },
    body: JSON.stringify({
      method: 'password',
      identifier: 'bench@example.com',
      password: PASSWORD,
      csrf_token: csrf,
    }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - begin;
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  cookiesOf(response, jar);
  return { ms, cookie: cookieHeader(jar) };
}

async function benchEngine(name: string, db: DbHandle) {
  await db.migrate();
  // Flows embed the public URL, so the port is chosen first (a probe) and the config built on it.
  const probe = Fastify();
  const origin = await listen(probe);
  await probe.close();
  const app = Fastify({ logger: false });
  const config = identityConfig(
    { webUrl: origin, publicUrl: `${origin}/.ory` },
    { rateLimit: { windowSeconds: 60, perIp: 1_000_000, perIdentifier: 1_000_000 } },
  );
  await app.register(identityPlugin, { db: db.db, config, prefix: '/.ory', courier: false });
  await app.listen({ host: '127.0.0.1', port: Number(new URL(origin).port) });
  try {
    await createIdentity(db.db, {
      email: 'bench@example.com',
      hashedPassword: await hash(PASSWORD, config.argon2),
      verified: true,
    });
    const logins: number[] = [];
    let cookie = '';
    for (let i = 0; i < LOGINS; i++) {
      const result = await login(config.publicUrl);
      logins.push(result.ms);
      cookie = result.cookie;
    }
    const whoami = await load(`${config.publicUrl}/sessions/whoami?tokenize_as=${config.tokenizeTemplate}`, {
      accept: 'application/json',
      cookie,
    });
    return { name, whoami, loginP50: percentile(logins, 50), loginP99: percentile(logins, 99) };
  } finally {
    await app.close();
    await db.close();
  }
}

// Baseline: a plain Fastify route, loaded the same way.
const baselineApp = Fastify({ logger: false });
baselineApp.get('/baseline', async () => ({ ok: true }));
const baselineUrl = await listen(baselineApp);
const baseline = await load(`${baselineUrl}/baseline`, { accept: 'application/json' });
await baselineApp.close();

// The cost of one hash with the parameters in use, outside any request.
const hashes: number[] = [];
for (let i = 0; i < 5; i++) {
  const begin = performance.now();
  await hash(PASSWORD, DEFAULT_ARGON2);
  hashes.push(performance.now() - begin);
}

const results = [await benchEngine('PGlite (in memory)', await createDb({ dataDir: MEMORY }))];
const database = await benchDatabase('identity');
if (database) {
  try {
    results.push(
      await benchEngine('PostgreSQL', await createDb({ databaseUrl: database.url, dataDir: MEMORY })),
    );
  } finally {
    await database.drop();
  }
} else {
  console.log(
    `PostgreSQL at ${new URL(benchPostgresUrl).host} not reachable: skipped (set BENCH_DATABASE_URL)`,
  );
}

const { memoryCost, timeCost, parallelism } = DEFAULT_ARGON2;
console.log(
  `argon2id m=${memoryCost} KiB (${memoryCost / 1024} MiB), t=${timeCost}, p=${parallelism}: one hash ${percentile(hashes, 50).toFixed(0)} ms (median of ${hashes.length})`,
);
console.log(
  `${CONCURRENCY} concurrent clients for ${SECONDS} s per case, in one process (node ${process.version})`,
);
console.log('| case | req/s | × baseline | p50 ms | p99 ms | login p50 ms | login p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
console.log(
  `| baseline: plain Fastify route | ${baseline.rps.toFixed(0)} | 1.00 | ${baseline.p50.toFixed(1)} | ${baseline.p99.toFixed(1)} | | |`,
);
for (const result of results) {
  const { whoami } = result;
  console.log(
    `| whoami + tokenize, ${result.name} | ${whoami.rps.toFixed(0)} | ${(whoami.rps / baseline.rps).toFixed(2)} | ${whoami.p50.toFixed(1)} | ${whoami.p99.toFixed(1)} | ${result.loginP50.toFixed(0)} | ${result.loginP99.toFixed(0)} |`,
  );
}
