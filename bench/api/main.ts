// Product API benchmark: requests per second and p50/p99 latency of GET /workspaces and
// GET /workspaces/{id}/members over 1,000 workspaces × 20 members (200 users, each in 100 workspaces),
// next to baseline routes on the same server that answer the same rows with one raw SQL query and no
// authentication, validation or serialization schema. Same run, same data; the ratio says what the API
// layers cost. PGlite always; PostgreSQL too when BENCH_DATABASE_URL (default local) answers. First, where
// one request's time goes (bench/support/breakdown.ts); bench/README.md says what it showed.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import { findMembership } from '../../packages/api/src/access/access.repo.ts';
import { listWorkspacesOf } from '../../packages/api/src/workspaces/workspaces.repo.ts';
import { printBreakdown, startInstrumentedServer } from '../support/breakdown.ts';
import { runCasePairs, type BenchCase } from '../support/cases.ts';
import { loggingCost } from '../support/logging.ts';
import { onEachEngine } from '../support/postgres.ts';
import type { BenchServer } from '../support/server.ts';

const USERS = 200;
const WORKSPACES = 1_000;
const MEMBERS = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 8_000);
const BREAKDOWN_ITERATIONS = Number(process.env.BENCH_BREAKDOWN_ITERATIONS ?? 300);

const userId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const workspaceId = (n: number) => `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;

async function seed(db: DbHandle): Promise<void> {
  const uid = (expr: string) =>
    sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`);
  const wid = (expr: string) =>
    sql.raw(`('00000000-0000-4000-9000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`);
  await db.rows(sql`insert into profiles (identity_id, display_name)
    select ${uid('g')}, 'User ' || g from generate_series(0, ${USERS - 1}) g`);
  await db.rows(sql`insert into usernames (username, identity_id)
    select 'user_' || g, ${uid('g')} from generate_series(0, ${USERS - 1}) g`);
  await db.rows(sql`insert into workspaces (id, owner_id, name, slug)
    select ${wid('w')}, ${uid(`w % ${USERS}`)}, 'Workspace ' || w, 'ws-' || w from generate_series(0, ${WORKSPACES - 1}) w`);
  // Member k of workspace w is user (w + 7k) mod 200: 20 distinct users, the owner (k = 0) an admin.
  await db.rows(sql`insert into workspace_members (workspace_id, user_id, access_role)
    select ${wid('w')}, ${uid(`(w + 7 * k) % ${USERS}`)},
      (case when k = 0 then 'admin' when k % 3 = 0 then 'editor' else 'viewer' end)::access_role
    from generate_series(0, ${WORKSPACES - 1}) w, generate_series(0, ${MEMBERS - 1}) k`);
}

/** The baselines: the same rows, one raw query each, straight to JSON. */
function addBaselines(app: BenchServer['app'], db: DbHandle): void {
  app.get<{ Querystring: { user: string } }>('/bench-baseline/workspaces', async (request) =>
    db.rows(sql`select w.id, w.name, w.slug, w.description, w.owner_id, m.access_role as access_level,
        w.owner_id = ${request.query.user} as is_owner, u.username as owner_username, w.previous_slugs,
        w.created_at, w.updated_at
      from workspace_members m join workspaces w on w.id = m.workspace_id
      left join usernames u on u.identity_id = w.owner_id and u.is_current
      where m.user_id = ${request.query.user} order by w.created_at, w.id`),
  );
  app.get<{ Params: { id: string } }>('/bench-baseline/workspaces/:id/members', async (request) =>
    db.rows(sql`select m.workspace_id, m.user_id, m.access_role, m.user_id = w.owner_id as is_owner,
        u.username, p.display_name, p.avatar_url, m.created_at, m.updated_at
      from workspace_members m join workspaces w on w.id = m.workspace_id
      left join profiles p on p.identity_id = m.user_id
      left join usernames u on u.identity_id = m.user_id and u.is_current
      where m.workspace_id = ${request.params.id}
      order by m.user_id <> w.owner_id, m.created_at, m.user_id`),
  );
}

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  await db.migrate();
  await seed(db);
  const server = await startInstrumentedServer(db, addBaselines);
  const { app, baseUrl, issuer, recorder } = server;
  try {
    const callers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => ({ id: userId(i), token: await issuer.sign(userId(i)) })),
    );
    // Workspace w has member (w + 7k) mod 200: for caller i, the workspaces i - 7k (mod 200) + 200j.
    const pairs = callers.flatMap((caller, i) =>
      Array.from({ length: 5 }, (_, j) => ({ caller, workspace: workspaceId(i + 200 * j) })),
    );
    const cases: BenchCase[] = [
      {
        name: 'GET /workspaces',
        requests: callers.map((c) => ({ path: '/api/v1/workspaces', token: c.token })),
      },
      {
        name: 'baseline: same rows, one raw query',
        requests: callers.map((c) => ({ path: `/bench-baseline/workspaces?user=${c.id}`, token: null })),
      },
      {
        name: 'GET /workspaces/{id}/members',
        requests: pairs.map((p) => ({
          path: `/api/v1/workspaces/${p.workspace}/members`,
          token: p.caller.token,
        })),
      },
      {
        name: 'baseline: same rows, one raw query',
        requests: pairs.map((p) => ({
          path: `/bench-baseline/workspaces/${p.workspace}/members`,
          token: null,
        })),
      },
    ];
    // Sanity: the API answers what the benchmark claims to measure.
    const check = await fetch(`${baseUrl}/api/v1/workspaces`, {
      headers: { authorization: `Bearer ${callers[0]?.token}` },
    });
    const listed = (await check.json()) as unknown[];
    if (check.status !== 200 || listed.length !== (WORKSPACES * MEMBERS) / USERS) {
      throw new Error(`GET /workspaces answered ${check.status} with ${listed.length} items`);
    }

    console.log(
      `\n### ${label} (${CONCURRENCY} in flight, up to ${MAX_REQUESTS} requests or ${MAX_MS} ms per case)`,
    );
    const [first] = callers;
    const membersOf = workspaceId(0);
    if (!first) throw new Error('no callers');
    const headers = { authorization: `Bearer ${first.token}` };
    await printBreakdown(
      app,
      recorder,
      [
        {
          name: 'GET /workspaces',
          api: { url: '/api/v1/workspaces', headers },
          baseline: { url: `/bench-baseline/workspaces?user=${first.id}` },
          parts: {
            'token verification, uncached': () => issuer.verifier.verify(first.token),
            'the list query': () => listWorkspacesOf(db.db, first.id),
          },
        },
        {
          name: 'GET /workspaces/{id}/members',
          api: { url: `/api/v1/workspaces/${membersOf}/members`, headers },
          baseline: { url: `/bench-baseline/workspaces/${membersOf}/members` },
          parts: {
            'token verification, uncached': () => issuer.verifier.verify(first.token),
            'membership query, uncached': () => findMembership(db.db, membersOf, first.id),
          },
        },
      ],
      { iterations: BREAKDOWN_ITERATIONS, loggingPerRequest: () => loggingCost(app) },
    );
    await runCasePairs(cases, {
      engine: label,
      baseUrl,
      concurrency: CONCURRENCY,
      warmup: 200,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
    });
  } finally {
    await server.close();
  }
}

console.log(
  `product API: ${WORKSPACES} workspaces × ${MEMBERS} members, ${USERS} users (node ${process.version})`,
);
await onEachEngine('api', benchEngine);
