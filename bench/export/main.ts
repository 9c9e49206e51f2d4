// AI-assistant export benchmark: a workspace of 500 tools (a third preferred, a tenth to avoid,
// categories, notes, a registry link each, a comment on every other tool). p50/p99 of GET
// /workspaces/{id}/export/ai (every format, zipped) over real HTTP, next to its baseline GET
// /workspaces/{id}/stack (the same rows as JSON, no rendering) on the same server, and the rendering alone
// (pure functions, no database). Target: the export's p99 under 100 ms. PGlite always; PostgreSQL too when
// BENCH_DATABASE_URL (default local) answers.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import type { Stack } from '@stackyard/contracts/stack';
import { renderExports } from '../../packages/api/src/stack-export/formats.ts';
import { zip } from '../../packages/api/src/stack-export/zip.ts';
import { percentile } from '../support/cases.ts';
import { onEachEngine } from '../support/postgres.ts';
import { startSeededServer } from '../support/server.ts';
import { seedOwnedWorkspace } from '../support/seed.ts';

const TOOLS = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const OWNER_ID = '00000000-0000-4000-8000-00000000e001';
const WORKSPACE_ID = '00000000-0000-4000-8000-00000000e002';
const REGISTRIES = [
  'https://www.npmjs.com/package/pkg-',
  'https://pypi.org/project/pkg-',
  'https://crates.io/crates/pkg-',
];

async function seed(db: DbHandle): Promise<void> {
  await seedOwnedWorkspace(db, {
    ownerId: OWNER_ID,
    id: WORKSPACE_ID,
    name: 'Export bench',
    slug: 'export-bench',
  });
  await db.rows(sql`insert into tools (fingerprint, canonical_url, name, description, homepage_url)
    select 'export-bench-' || i, ${REGISTRIES[0]} || i, 'Tool ' || i, 'Does thing ' || i || ' *well*', 'https://tool-' || i || '.example.com'
    from generate_series(1, ${TOOLS}) as i`);
  await db.rows(sql`insert into workspace_tools (workspace_id, tool_id, slug, raw_submitted_url, rating)
    select ${WORKSPACE_ID}, t.id, 'tool-' || n.i,
      (array[${REGISTRIES[0]}, ${REGISTRIES[1]}, ${REGISTRIES[2]}])[1 + n.i % 3] || n.i,
      nullif(n.i % 6, 0)
    from tools t join lateral (select substring(t.fingerprint from 14)::int as i) n on true
    where t.fingerprint like 'export-bench-%'`);
  await db.rows(sql`insert into workspace_tool_stances (workspace_tool_id, stance, note, category, updated_by)
    select id, case when substring(slug from 6)::int % 3 = 0 then 'preferred'
                    when substring(slug from 6)::int % 10 = 1 then 'avoid' else 'accepted' end,
      'Note for ' || slug || ': use [it] with care', 'Category ' || (substring(slug from 6)::int % 12), ${OWNER_ID}
    from workspace_tools where workspace_id = ${WORKSPACE_ID}`);
  await db.rows(sql`insert into comments (workspace_id, commenter_id, workspace_tool_id, content)
    select ${WORKSPACE_ID}, ${OWNER_ID}, id, 'We like ' || slug
    from workspace_tools where workspace_id = ${WORKSPACE_ID} and substring(slug from 6)::int % 2 = 0`);
}

function report(name: string, times: number[], baseline?: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const ratio = baseline
    ? (
        p99 /
        percentile(
          [...baseline].sort((a, b) => a - b),
          99,
        )
      ).toFixed(2)
    : '';
  console.log(
    `| ${name} | ${times.length} | ${percentile(sorted, 50).toFixed(2)} | ${p99.toFixed(2)} | ${ratio} |`,
  );
}

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  const server = await startSeededServer(db, seed);
  const { baseUrl } = server;
  try {
    const headers = await server.headersOf(OWNER_ID);
    const time = async (path: string): Promise<{ ms: number; cpu: number; body: ArrayBuffer }> => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers });
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpu: (used.user + used.system) / 1000, body };
    };
    const stackPath = `/api/v1/workspaces/${WORKSPACE_ID}/stack`;
    const exportPath = `/api/v1/workspaces/${WORKSPACE_ID}/export/ai`;
    const stack = JSON.parse(new TextDecoder().decode((await time(stackPath)).body)) as Stack;
    const count = stack.categories.reduce((sum, category) => sum + category.tools.length, 0);
    if (count !== TOOLS) throw new Error(`the stack has ${count} tools, not ${TOOLS}`);
    for (let i = 0; i < 10; i++) await time(exportPath);
    const exports: number[] = [];
    const stacks: number[] = [];
    const renders: number[] = [];
    const exportCpu: number[] = [];
    const stackCpu: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await time(exportPath);
      exports.push(answer.ms);
      exportCpu.push(answer.cpu);
      bytes = answer.body.byteLength;
      const stackAnswer = await time(stackPath);
      stacks.push(stackAnswer.ms);
      stackCpu.push(stackAnswer.cpu);
      // A fresh copy, as each request has: the renderers memoize per stack object.
      const copy = structuredClone(stack);
      const started = performance.now();
      zip(renderExports(copy, null));
      renders.push(performance.now() - started);
    }
    console.log(`\n### ${label}: ${TOOLS} tools, zip of every format ${(bytes / 1024).toFixed(0)} kB\n`);
    console.log('| case | requests | p50 ms | p99 ms | p99 ÷ baseline |');
    console.log('| --- | --- | --- | --- | --- |');
    report('baseline: GET …/stack (JSON)', stacks);
    report('GET …/export/ai (all formats, zip)', exports, stacks);
    report('render + zip only (no database, no HTTP)', renders);
    // CPU time of this process (server, its database thread and the client) per request: unlike the wall
    // time, it barely grows when other work shares the machine's cores.
    console.log('\n| CPU per request | p50 ms | p99 ms |\n| --- | --- | --- |');
    for (const [name, values] of [
      ['GET …/stack', stackCpu],
      ['GET …/export/ai', exportCpu],
    ] as const) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(
        `| ${name} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} |`,
      );
    }
    const p99 = percentile(
      [...exports].sort((a, b) => a - b),
      99,
    );
    console.log(`\nexport p99 ${p99.toFixed(1)} ms: ${p99 < 100 ? 'under' : 'OVER'} the 100 ms target`);
  } finally {
    await server.close();
  }
}

console.log(`export: ${TOOLS} tools, ${ROUNDS} sequential requests per case (node ${process.version})`);
await onEachEngine('export', benchEngine);
