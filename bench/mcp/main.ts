// MCP benchmark: `tools/call` of search and get_preferred_stack over Streamable HTTP (protocol
// 2026-07-28, stateless), on the catalog benchmark's workspace of 10,000 tools, each next to the same query
// through /api/v1 with the same personal access token. Calls per second and p50/p99. PGlite always;
// PostgreSQL too when BENCH_DATABASE_URL (default local) answers. Load runs on 127.0.0.1 only. Then the same
// calls one at a time, as server CPU per call, with the MCP layer's own share (breakdown.ts).
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import { buildApp } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { hashAccessToken } from '../../packages/api/src/tokens/tokens.service.ts';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { mcpToolCall } from '@stackyard/testing/mcp-requests';
import { tempDir } from '@stackyard/testing/processes';
import { seedCatalog, OWNER_ID, TOOLS, WORKSPACE_ID } from '../catalog/seed.ts';
import { runCasePairs, type BenchCase } from '../support/cases.ts';
import { onEachEngine } from '../support/postgres.ts';
import { UNLIMITED } from '../support/rate-limits.ts';
import { printBreakdown } from './breakdown.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const MAX_MS = Number(process.env.BENCH_MAX_MS ?? 5_000);
const SEARCHES = ['bundler', 'react testing', 'vector database', 'fast orm'];
const TOKEN = `sy_pat_${'b'.repeat(43)}`;

/** A tools/call as the SDK's client sends it, with the bench's token. */
function toolCall(name: string, args: Record<string, unknown>) {
  return { path: '/mcp', token: TOKEN, ...mcpToolCall(name, args, 'bench') };
}

async function benchEngine(label: string, db: DbHandle): Promise<void> {
  await db.migrate();
  await seedCatalog(db);
  await db.rows(sql`insert into access_tokens (user_id, name, prefix, token_hash, scope)
    values (${OWNER_ID}, 'bench', ${TOKEN.slice(0, 13)}, ${hashAccessToken(TOKEN)}, 'read')`);
  // The team's stack: 60 of the tools carry a stance, in three categories, a third of them preferred.
  await db.rows(sql`insert into workspace_tool_stances (workspace_tool_id, stance, category, note, updated_by)
    select id, case when n % 3 = 0 then 'preferred' when n % 3 = 1 then 'accepted' else 'avoid' end,
      (array['Bundler', 'ORM', 'Testing'])[n % 3 + 1], 'bench note', ${OWNER_ID}
    from (select id, row_number() over (order by id) as n from workspace_tools
      where workspace_id = ${WORKSPACE_ID} limit 60) picked`);
  const issuer = await createTestIssuer();
  const web = tempDir('stackyard-bench-web');
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'warn', WEB_DIST_DIR: web.path, ...UNLIMITED }), {
    db,
    verifier: issuer.verifier,
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const rest = (path: string) => ({ path: `/api/v1${path}`, token: TOKEN });
    const cases: BenchCase[] = [
      {
        name: 'MCP tools/call search (20 hits)',
        requests: SEARCHES.map((query) => toolCall('search', { workspace: WORKSPACE_ID, query, limit: 20 })),
      },
      {
        name: 'REST GET /search (same queries)',
        requests: SEARCHES.map((q) =>
          rest(`/search?workspace_id=${WORKSPACE_ID}&q=${encodeURIComponent(q)}`),
        ),
      },
      {
        name: 'MCP tools/call get_preferred_stack (category Bundler)',
        requests: [toolCall('get_preferred_stack', { workspace: WORKSPACE_ID, category: 'bundler' })],
      },
      {
        name: 'REST GET /workspaces/{id}/stack?category=bundler',
        requests: [rest(`/workspaces/${WORKSPACE_ID}/stack?category=bundler`)],
      },
    ];
    await sanityCheck(baseUrl);
    console.log(
      `\n### ${label} (${CONCURRENCY} in flight, up to ${MAX_REQUESTS} requests or ${MAX_MS} ms per case)`,
    );
    await runCasePairs(cases, {
      baseUrl,
      concurrency: CONCURRENCY,
      warmup: 50,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      subject: 'MCP',
    });
    await printBreakdown(app, TOKEN, [
      {
        names: ['REST GET /search', 'MCP tools/call search'],
        rest: `/api/v1/search?workspace_id=${WORKSPACE_ID}&q=bundler`,
        mcp: toolCall('search', { workspace: WORKSPACE_ID, query: 'bundler', limit: 20 }),
        calls: 50,
      },
      {
        names: [
          'REST GET /workspaces/{id}/stack?category=bundler',
          'MCP tools/call get_preferred_stack (category Bundler)',
        ],
        rest: `/api/v1/workspaces/${WORKSPACE_ID}/stack?category=bundler`,
        mcp: toolCall('get_preferred_stack', { workspace: WORKSPACE_ID, category: 'bundler' }),
        calls: 10,
      },
    ]);
  } finally {
    await app.close();
    web.remove();
  }
}

/** The MCP calls answer real results, not tool errors, before they are timed. */
async function sanityCheck(baseUrl: string): Promise<void> {
  for (const [name, args, expected] of [
    ['search', { workspace: WORKSPACE_ID, query: 'bundler', limit: 20 }, '"kind":'],
    ['get_preferred_stack', { workspace: WORKSPACE_ID, category: 'bundler' }, '"stance":"preferred"'],
  ] as const) {
    const call = toolCall(name, args);
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...call.headers },
      body: JSON.stringify(call.body),
    });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"isError":true') || !text.includes(expected)) {
      throw new Error(`${name} answered ${response.status}: ${text.slice(0, 300)}`);
    }
  }
}

console.log(`mcp: ${TOOLS} tools in one workspace (node ${process.version})`);
await onEachEngine('mcp', benchEngine);
