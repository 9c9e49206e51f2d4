// The `stackyard` command line as a user runs it: the real bin in a child process, against the real server
// on a free port, with its own config directory.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { createIngestionHarness } from '@stackyard/testing/ingestion-harness';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';

const bin = fileURLToPath(new URL('../bin/stackyard.js', import.meta.url));
let h: Harness;
let fixture: FixtureServer;
let base: string;
let config: string;
let editor: TestUser;
let slug: string;

beforeAll(async () => {
  ({ h, fixture } = await createIngestionHarness());
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  config = mkdtempSync(join(tmpdir(), 'stackyard-cli-'));
  editor = await h.user('cli_editor');
  const workspace = (await h.as(editor).post('/workspaces', { name: 'CLI Team' })).json() as {
    id: string;
    slug: string;
  };
  slug = workspace.slug;
  await seedTool(h.db.db, {
    workspaceId: workspace.id,
    url: 'https://drizzle.example/',
    slug: 'drizzle-orm',
    name: 'Drizzle ORM',
    description: 'Headless TypeScript ORM',
  });
});

afterAll(async () => {
  await h.close();
  rmSync(config, { recursive: true, force: true });
});

async function token(scope: 'read' | 'read_write'): Promise<string> {
  const created = await h.as(editor).post('/tokens', { name: `cli ${scope}`, scope });
  return (created.json() as { token: string }).token;
}

function run(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: config, ...options.env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(options.stdin ?? '');
  });
}

describe('the stackyard command line', () => {
  it('explains itself and refuses wrong usage with exit code 2', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('stackyard login [--url URL] [--token TOKEN]');
    const wrong = await run(['frobnicate']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('stackyard: unknown command "frobnicate"; see stackyard --help\n');
    const notYet = await run(['search', 'orm']);
    expect(notYet.code).toBe(3);
    expect(notYet.stderr).toContain('not logged in');
  });

  it('logs in with a token from stdin, keeps it private, and refuses a bad token with exit code 3', async () => {
    const refused = await run(['login', '--url', base], { stdin: 'sy_pat_not_a_real_token_at_all\n' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('This access token is not valid');

    const secret = await token('read_write');
    const login = await run(['login', '--url', base], { stdin: `${secret}\n` });
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Logged in to ${base} (1 workspace)`);
    const file = join(config, 'stackyard', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: base, token: secret });
  });

  it('searches and adds tools and links (from arguments or stdin), as text or JSON', async () => {
    const found = await run(['search', '--json', 'typescript', 'orm']);
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({
      workspace: slug,
      results: [{ kind: 'tool', slug: 'drizzle-orm' }],
    });
    const text = await run(['search', 'drizzle']);
    expect(text.stdout).toMatch(/^tool {5}drizzle-orm\n {9}Drizzle ORM Headless TypeScript ORM/);

    const added = await run(['add', '--json', '--wait', '20', `${fixture.origin}/tool`]);
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      submissions: [{ status: 'completed', tool: { name: 'Rocket' } }],
    });
    const links = await run(['add', '--resource', '--wait', '20'], {
      stdin: `${fixture.origin}/plain/\n# a comment\n`,
    });
    expect(links.code).toBe(0);
    expect(links.stdout).toBe(`${fixture.origin}/plain/: completed — Added.\n`);
  });

  it('exits 1 with the reason when the server refuses, e.g. a read token adding a tool', async () => {
    const reader = await token('read');
    const refused = await run(['add', `${fixture.origin}/bare`], {
      env: { STACKYARD_URL: base, STACKYARD_TOKEN: reader },
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('refused — This access token can only read.');
  });

  it('serves the MCP tools over stdio to the SDK client, forwarding to the server', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp'],
      env: { PATH: process.env.PATH ?? '', STACKYARD_URL: base, STACKYARD_TOKEN: await token('read') },
      stderr: 'pipe',
    });
    const client = new Client(
      { name: 'stdio-test', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_preferred_stack');
      const result = await client.callTool({ name: 'get_tool', arguments: { tool: 'drizzle-orm' } });
      expect(result.structuredContent).toMatchObject({
        name: 'Drizzle ORM',
        description: 'Headless TypeScript ORM',
      });
    } finally {
      await client.close();
    }
  });
});
