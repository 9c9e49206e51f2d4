// The world the MCP tests run in: the real server (with ingestion's fixture site allowlisted) on a free port,
// a workspace whose team prefers Drizzle, and helpers to make tokens and connect the SDK's client.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { ingestionTest } from '@stackyard/testing/ingestion-harness';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';

/** What the `mcp` fixture offers. */
export interface Mcp {
  h: Harness;
  fixture: FixtureServer;
  base: string;
  world: McpWorld;
  createToken(user: TestUser, body: Record<string, unknown>): Promise<{ id: string; token: string }>;
  connect(token: string, options?: { legacy?: boolean }): Promise<Client>;
}

/**
 * ingestionTest with `mcp`, one per file: the API, the fixture site, the API's origin, the seeded world, and
 * helpers to make tokens and connect clients. The clients close before the API it depends on does.
 */
export function mcpTest() {
  return ingestionTest().extend(
    'mcp',
    { scope: 'file' },
    async ({ api, site, origin }, { onCleanup }): Promise<Mcp> => {
      const clients: Client[] = [];
      onCleanup(async () => {
        await Promise.all(clients.map((client) => client.close()));
      });
      return seededMcp(api, site, origin, clients);
    },
  );
}

/** Seeds the world in `h`; the clients `connect` opens are added to `clients`, for the caller to close. */
async function seededMcp(h: Harness, fixture: FixtureServer, base: string, clients: Client[]): Promise<Mcp> {
  return {
    h,
    fixture,
    base,
    world: await seedWorld(h),
    createToken: (user, body) => createToken(h, user, body),
    connect: (token, options) => connect(base, clients, token, options),
  };
}

export interface McpWorld {
  workspaceId: string;
  slug: string;
  owner: TestUser;
  editor: TestUser;
  viewer: TestUser;
  drizzleId: string;
  projectSlug: string;
}

export function ok<T>(response: { statusCode: number; body: string; json(): unknown }, status: number): T {
  if (response.statusCode !== status) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.body === '' ? undefined : response.json()) as T;
}

/**
 * A workspace whose team prefers Drizzle as its ORM (rated 5, with a comment marked for assistants) and avoids Prisma (rated 2,
 * with a note), and prefers Vitest for testing.
 */
async function seedWorld(h: Harness): Promise<McpWorld> {
  const [owner, editor, viewer] = await Promise.all(
    ['mcp_owner', 'mcp_editor', 'mcp_viewer'].map((name) => h.user(name)),
  );
  if (!owner || !editor || !viewer) throw new Error('users missing');
  const as = h.as(owner);
  const workspace = ok<{ id: string; slug: string }>(await as.post('/workspaces', { name: 'Acme Web' }), 201);
  for (const [user, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    ok(await as.post(`/workspaces/${workspace.id}/members`, { username: user.username, role }), 201);
  }
  const tool = async (slug: string, name: string, description: string) =>
    (
      await seedTool(h.db.db, {
        workspaceId: workspace.id,
        url: `https://${slug}.example/${workspace.id}`,
        slug,
        name,
        description,
        homepageUrl: `https://${slug}.example`,
      })
    ).workspaceToolId;
  const drizzleId = await tool(
    'drizzle-orm',
    'Drizzle ORM',
    'Headless TypeScript ORM for PostgreSQL and SQLite',
  );
  const prismaId = await tool('prisma', 'Prisma', 'Next-generation ORM for Node.js and TypeScript');
  const vitestId = await tool('vitest', 'Vitest', 'Next generation testing framework powered by Vite');
  const orm = ok<{ id: string }>(
    await as.post('/tags', { workspace_id: workspace.id, tag_name: 'orm', color: '#3b82f6' }),
    201,
  );
  const testing = ok<{ id: string }>(
    await as.post('/tags', { workspace_id: workspace.id, tag_name: 'testing', color: '#22c55e' }),
    201,
  );
  for (const [id, rating, tag] of [
    [drizzleId, 5, orm.id],
    [prismaId, 2, orm.id],
    [vitestId, 4, testing.id],
  ] as const) {
    ok(await as.put(`/tools/workspace/${id}`, { context: { rating } }), 200);
    ok(await as.put(`/tools/workspace/${id}/tags/${tag}`), 204);
  }
  for (const [id, stance, category, note] of [
    [drizzleId, 'preferred', 'ORM', 'use for every new service'],
    [prismaId, 'avoid', 'ORM', 'deprecated: use Drizzle ORM instead'],
    [vitestId, 'preferred', 'Testing', null],
  ] as const) {
    ok(await as.put(`/tools/workspace/${id}/stance`, { stance, category, note }), 200);
  }
  const comment = ok<{ id: string }>(
    await as.post(`/tools/workspace/${drizzleId}/comments`, {
      content: 'SQL-like queries, no codegen step.',
    }),
    201,
  );
  // Marked for assistants: only a marked comment reaches the stack answers.
  ok(await as.put(`/comments/${comment.id}/for-assistants`), 200);
  const project = ok<{ slug: string }>(
    await as.post('/projects', {
      workspace_id: workspace.id,
      metadata: { name: 'Billing' },
      tool_ids: [drizzleId, vitestId],
    }),
    201,
  );
  return {
    workspaceId: workspace.id,
    slug: workspace.slug,
    owner,
    editor,
    viewer,
    drizzleId,
    projectSlug: project.slug,
  };
}

async function createToken(
  h: Harness,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<{ id: string; token: string }> {
  return ok(await h.as(user).post('/tokens', { name: 'MCP', scope: 'read_write', ...body }), 201);
}

/** The SDK's client over Streamable HTTP; the 2026-07-28 revision unless a 2025 client is asked for. */
async function connect(
  base: string,
  clients: Client[],
  token: string,
  options: { legacy?: boolean } = {},
): Promise<Client> {
  const client = new Client(
    { name: 'stackyard-test', version: '1.0.0' },
    options.legacy ? {} : { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return client.callTool({ name, arguments: args });
}

export function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}
