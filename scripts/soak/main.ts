// `npm run soak`: the multi-instance deployment (packages/testing/src/deployment.ts: 2 api, 1 identity, 2 worker processes
// on one PostgreSQL behind a round-robin proxy, loopback only) under SOAK_SECONDS (default 300) of mixed traffic,
// while one worker and one api process are killed with -9 and restarted every minute. At the end every
// acknowledged write and every job must be in the database, finished, and no request may have had a 5xx except
// those the proxy answered because a kill cut them. Prints the figures; exits 1 on a lost write or job or an
// unexplained 5xx. Needs PostgreSQL (SOAK_DATABASE_URL); the fixture web server stands in for the public web.
import { sql } from 'drizzle-orm';
import { createTestDb } from '@stackyard/db/testing';
import { createIdentity } from '@stackyard/identity/identities';
import { hashPassword } from '@stackyard/identity/passwords';
import { startFixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { callApi, signIn, startDeployment } from '@stackyard/testing/deployment';
import { oneCall, percentile, type Acknowledged, type Call, type Client } from './traffic.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONCURRENCY = 8;
const USERS = 4;
// Kills every minute; a shortened run still sees two rounds.
const KILL_EVERY_MS = Math.min(60, SECONDS / 2) * 1000;
// A request cut by a kill ends within this long of it (the proxy answers 502 as soon as the socket closes).
const CUT_WINDOW_MS = 2000;
const PASSWORD = 'a long enough soak password';

process.env.TEST_DATABASE_URL =
  process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const db = await createTestDb();
const fixture = await startFixtureServer();
async function soak(): Promise<string[]> {
  const problems: string[] = [];
  const deployment = await startDeployment({
    databaseUrl: db.databaseUrl ?? '',
    env: {
      INGESTION_INTRANET_ALLOWLIST: '127.0.0.1',
      // A killed worker's job is taken up again once its lease (this + 30 s, at most 60 s) expires.
      INGESTION_JOB_TIMEOUT_MS: '5000',
      // Its clients all send from this machine's address, as fast as they can: the soak is about lost writes.
      API_RATE_LIMIT_PER_CALLER: '1000000000',
      API_RATE_LIMIT_PER_IP: '1000000000',
    },
  });
  try {
    console.log(
      `soak: ${SECONDS} s against ${deployment.proxy.url} (${deployment.instances.length} processes)`,
    );

    const clients: Client[] = [];
    const hashedPassword = await hashPassword(PASSWORD, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    for (let index = 0; index < USERS; index++) {
      const email = `soak-${index}@example.com`;
      await createIdentity(db.db, { email, hashedPassword, verified: true });
      const jwt = await signIn(`${deployment.proxy.url}/.ory`, email, PASSWORD);
      const workspace = await callApi(deployment.proxy.url, jwt, 'POST', '/workspaces', {
        name: `Soak ${index}`,
      });
      if (workspace.status !== 201) throw new Error(`could not create a workspace: ${workspace.status}`);
      clients.push({ jwt, workspaceId: (workspace.body as { id: string }).id });
    }

    const acknowledged: Acknowledged = { tags: [], projects: [], submissions: [], imports: [] };
    const calls: Call[] = [];
    const kills: number[] = [];
    const started = performance.now();
    const endAt = started + SECONDS * 1000;

    async function traffic(client: Client): Promise<void> {
      while (performance.now() < endAt) {
        calls.push(await oneCall(deployment.proxy.url, client, fixture.origin, acknowledged));
      }
    }

    async function faults(): Promise<void> {
      for (let round = 1; performance.now() + KILL_EVERY_MS < endAt; round++) {
        await new Promise((resolve) => setTimeout(resolve, KILL_EVERY_MS));
        const worker = `worker-${((round - 1) % 2) + 1}`;
        const api = `api-${((round - 1) % 2) + 1}`;
        kills.push(performance.now());
        await Promise.all([deployment.kill(worker), deployment.kill(api)]);
        await Promise.all([deployment.restart(worker), deployment.restart(api)]);
        console.log(
          `soak: ${Math.round((performance.now() - started) / 1000)} s: killed -9 and restarted ${api}, ${worker}`,
        );
      }
    }

    await Promise.all([
      ...Array.from({ length: CONCURRENCY }, (_, index) => traffic(clients[index % USERS] as Client)),
      faults(),
    ]);
    const trafficSeconds = (performance.now() - started) / 1000;

    // Jobs left behind by a kill wait for their lease to expire; give them that long and more.
    async function unfinished(): Promise<{ jobs: number; submissions: number; imports: number }> {
      const [row] = await db.rows<{ jobs: number; submissions: number; imports: number }>(sql`
    select (select count(*)::int from jobs where state in ('queued', 'running')) as jobs,
           (select count(*)::int from ingestion_submissions where status in ('pending', 'fetching')) as submissions,
           (select count(*)::int from bookmark_imports where status = 'running') as imports`);
      return row ?? { jobs: -1, submissions: -1, imports: -1 };
    }
    const drain = async (seconds: number) => {
      const deadline = Date.now() + seconds * 1000;
      let left = await unfinished();
      while ((left.jobs || left.submissions || left.imports) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        left = await unfinished();
      }
      return left;
    };
    // A killed worker's jobs are due again once their lease runs out: 35 s for ingestion (its time limit +
    // 30 s), 60 s for a bookmark import (renewed while it runs, so not its 10-minute limit).
    const left = await drain(120);
    const tables = {
      tags: 'tags',
      projects: 'projects',
      submissions: 'ingestion_submissions',
      imports: 'bookmark_imports',
    };
    for (const [key, table] of Object.entries(tables) as Array<[keyof Acknowledged, string]>) {
      const ids = acknowledged[key];
      if (!ids.length) continue;
      const [found] = await db.rows<{ count: number }>(
        sql`select count(*)::int as count from ${sql.identifier(table)} where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      if (found?.count !== ids.length)
        problems.push(`${key}: ${ids.length - (found?.count ?? 0)} acknowledged but lost`);
    }
    if (left.jobs || left.submissions || left.imports) {
      problems.push(`unfinished after the drain: ${JSON.stringify(left)}`);
    }
    const jobStates = await db.rows<{ queue: string; state: string; count: number }>(
      sql`select queue, state, count(*)::int as count from jobs group by queue, state order by queue, state`,
    );
    for (const row of jobStates) {
      if (row.state === 'failed') problems.push(`${row.count} ${row.queue} jobs failed`);
    }
    const submissionStates = await db.rows<{ status: string; count: number }>(
      sql`select status, count(*)::int as count from ingestion_submissions group by status order by status`,
    );

    // Errors by kind: a 5xx (or a cut connection) is explained only when the proxy made it around a kill.
    const nearKill = (call: Call) =>
      kills.some((at) => call.endedAt >= at && call.startedAt <= at + CUT_WINDOW_MS);
    const errors = new Map<string, number>();
    for (const call of calls) {
      if (call.status >= 200 && call.status < 400) continue;
      let label = `${call.kind} ${call.status}`;
      if (call.status === 0 || call.status >= 500) {
        const explained = call.proxyError !== null && nearKill(call);
        label = explained
          ? `cut by a kill (${call.proxyError})`
          : `unexplained ${call.status || 'cut'} on ${call.kind}`;
        if (!explained) problems.push(`${label} at ${Math.round((call.startedAt - started) / 1000)} s`);
      } else {
        problems.push(`${call.kind} answered ${call.status}`);
      }
      errors.set(label, (errors.get(label) ?? 0) + 1);
    }

    const durations = (subset: Call[]) =>
      subset.map((call) => call.endedAt - call.startedAt).sort((a, b) => a - b);
    const line = (label: string, subset: Call[]) => {
      const sorted = durations(subset);
      return `  ${label.padEnd(11)} ${String(subset.length).padStart(7)}   p50 ${percentile(sorted, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(sorted, 0.99).toFixed(1).padStart(7)} ms`;
    };
    console.log(
      `\nsoak figures (${trafficSeconds.toFixed(0)} s of traffic, ${CONCURRENCY} clients, ${kills.length} kill rounds)`,
    );
    console.log(line('all', calls));
    for (const kind of ['read', 'write', 'search', 'submission', 'import'] as const) {
      console.log(
        line(
          kind,
          calls.filter((call) => call.kind === kind),
        ),
      );
    }
    console.log(`  throughput  ${(calls.length / trafficSeconds).toFixed(1)} requests/s`);
    console.log(
      `errors by kind: ${errors.size ? [...errors].map(([label, count]) => `${label}: ${count}`).join('; ') : 'none'}`,
    );
    console.log(
      `acknowledged: ${Object.entries(acknowledged)
        .map(([key, ids]) => `${key} ${ids.length}`)
        .join(', ')} (all checked in the database)`,
    );
    console.log(`jobs: ${jobStates.map((row) => `${row.queue} ${row.state} ${row.count}`).join(', ')}`);
    console.log(`submissions: ${submissionStates.map((row) => `${row.status} ${row.count}`).join(', ')}`);

    return problems;
  } finally {
    await deployment.close();
  }
}

const problems = await soak().finally(async () => {
  await fixture.close();
  await db.close();
});
if (problems.length) {
  console.log(`\nsoak FAILED:\n  ${problems.slice(0, 50).join('\n  ')}`);
  process.exit(1);
}
console.log('\nsoak passed: every acknowledged write and every job accounted for, no unexplained 5xx');
