// The `stackyard` command line as a user runs it: the real bin in a child process, against the real server
// on a free port, with its own config directory.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { ingestionTest } from '@stackyard/testing/ingestion-harness';
import { bin, runBin } from './testing/run-bin.ts';

// `origin`, the API over HTTP on loopback, and `site`, the fixture web site, one of each per file; `config`,
// the command line's config directory, shared by the file's tests (a login stays for the tests after it);
// `team`, the editor's workspace with Drizzle in it, read through `editor`, `slug`, `workspaceId` and
// `drizzleId`; `token`, a new access token of the editor; `run`, the command line run with the config.
const test = ingestionTest()
  .extend('config', { scope: 'file' }, ({}, { onCleanup }) => {
    const config = mkdtempSync(join(tmpdir(), 'stackyard-cli-'));
    onCleanup(() => rmSync(config, { recursive: true, force: true }));
    return config;
  })
  .extend('team', { scope: 'file' }, async ({ api }) => {
    const editor = await api.user('cli_editor');
    const workspace = (await api.as(editor).post('/workspaces', { name: 'CLI Team' })).json() as {
      id: string;
      slug: string;
    };
    const { workspaceToolId: drizzleId } = await seedTool(api.db.db, {
      workspaceId: workspace.id,
      url: 'https://drizzle.example/',
      slug: 'drizzle-orm',
      name: 'Drizzle ORM',
      description: 'Headless TypeScript ORM',
    });
    return { editor, slug: workspace.slug, workspaceId: workspace.id, drizzleId };
  })
  .extend('editor', { scope: 'file' }, ({ team }) => team.editor)
  .extend('slug', { scope: 'file' }, ({ team }) => team.slug)
  .extend('workspaceId', { scope: 'file' }, ({ team }) => team.workspaceId)
  .extend('drizzleId', { scope: 'file' }, ({ team }) => team.drizzleId)
  .extend('token', { scope: 'file' }, ({ api, editor }) => async (scope: 'read' | 'read_write') => {
    const created = await api.as(editor).post('/tokens', { name: `cli ${scope}`, scope });
    return (created.json() as { token: string }).token;
  })
  .extend(
    'run',
    { scope: 'file' },
    ({ config }) =>
      (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
        runBin(args, config, options),
  );

describe('the stackyard command line', () => {
  test('explains itself and refuses wrong usage with exit code 2', async ({ run }) => {
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

  test('logs in with a token from stdin, keeps it private, and refuses a bad token with exit code 3', async ({
    origin,
    config,
    token,
    run,
  }) => {
    const refused = await run(['login', '--url', origin], { stdin: 'sy_pat_not_a_real_token_at_all\n' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('This access token is not valid');

    const secret = await token('read_write');
    const login = await run(['login', '--url', origin], { stdin: `${secret}\n` });
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Logged in to ${origin} (1 workspace)`);
    const file = join(config, 'stackyard', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: origin, token: secret });
  });

  test('searches and adds tools and links (from arguments or stdin), as text or JSON', async ({
    site,
    slug,
    run,
  }) => {
    const found = await run(['search', '--json', 'typescript', 'orm']);
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({
      workspace: slug,
      results: [{ kind: 'tool', slug: 'drizzle-orm' }],
    });
    const text = await run(['search', 'drizzle']);
    expect(text.stdout).toMatch(
      /^tool {5}Drizzle ORM \(drizzle-orm\)\n {9}Drizzle ORM Headless TypeScript ORM/,
    );

    const added = await run(['add', '--json', '--wait', '20', `${site.origin}/tool`]);
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      submissions: [{ status: 'completed', tool: { name: 'Rocket' } }],
    });
    const links = await run(['add', '--resource', '--wait', '20'], {
      stdin: `${site.origin}/plain/\n# a comment\n`,
    });
    expect(links.code).toBe(0);
    expect(links.stdout).toBe(`${site.origin}/plain/: completed — Added.\n`);
  });

  test('exits 1 with the reason when the server refuses, e.g. a read token adding a tool', async ({
    origin,
    site,
    token,
    run,
  }) => {
    const reader = await token('read');
    const refused = await run(['add', `${site.origin}/bare`], {
      env: { STACKYARD_URL: origin, STACKYARD_TOKEN: reader },
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('refused — This access token can only read.');
  });

  test('says why nothing was added and exits 1: a bad URL, a page not found, a URL already there', async ({
    origin,
    site,
    slug,
    token,
    run,
  }) => {
    const env = { STACKYARD_URL: origin, STACKYARD_TOKEN: await token('read_write') };
    const bad = await run(['add', 'not a url'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('not a url: refused — Must be a valid http or https URL\n');
    expect(bad.stderr).toBe(`stackyard: nothing was added to ${slug}\n`);

    const missing = await run(['add', '--wait', '20', `${site.origin}/no-such-page`], { env });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/no-such-page: quarantined — Held for review: .*404/);

    const first = await run(['add', '--wait', '20', `${site.origin}/article`], { env });
    expect(first).toMatchObject({ code: 0, stdout: `${site.origin}/article: completed — Added.\n` });
    const again = await run(['add', '--wait', '20', `${site.origin}/article`, `${site.origin}/twitter`], {
      env,
    });
    expect(again.stdout).toBe(
      `${site.origin}/article: completed — Already in this workspace; nothing was added.\n` +
        `${site.origin}/twitter: completed — Added.\n`,
    );
    // Both are in the workspace now, which is what was asked.
    expect(again.code).toBe(0);
    const mixed = await run(['add', '--json', '--wait', '20', `${site.origin}/twitter`, 'ftp://x'], {
      env,
    });
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toBe(`stackyard: 1 of 2 URLs were not added to ${slug}\n`);
    expect(JSON.parse(mixed.stdout)).toMatchObject({
      submissions: [
        { status: 'completed', already_saved: true },
        { url: 'ftp://x', error: 'Must be a valid http or https URL' },
      ],
    });
  });

  test('names the server it tried and why when it does not answer', async ({ run }) => {
    const closed = await import('node:net').then(
      ({ createServer }) =>
        new Promise<number>((resolve) => {
          const server = createServer().listen(0, '127.0.0.1', () => {
            const { port } = server.address() as { port: number };
            server.close(() => resolve(port));
          });
        }),
    );
    const down = `http://127.0.0.1:${closed}`;
    const result = await run(['search', 'orm'], {
      env: { STACKYARD_URL: down, STACKYARD_TOKEN: 'sy_pat_x' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `stackyard: could not reach the stackyard server at ${down}/api/v1/workspaces: nothing answers there (connection refused); is the server running?\n`,
    );
    expect(result.stderr).not.toContain('fetch failed');
  });

  test('tells a web page from the API: a URL that is no stackyard server', async ({ site, run }) => {
    const result = await run(['search', 'orm'], {
      env: { STACKYARD_URL: `${site.origin}/tool#`, STACKYARD_TOKEN: 'sy_pat_x' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is this the address of a stackyard server?');
  });

  test('serves the MCP tools over stdio to the SDK client, forwarding to the server', async ({
    origin,
    token,
  }) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp'],
      env: { PATH: process.env.PATH ?? '', STACKYARD_URL: origin, STACKYARD_TOKEN: await token('read') },
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

  test('refuses to serve MCP on stdio with a bad token or no server, saying which at start', async ({
    origin,
    token,
    run,
  }) => {
    const badToken = await run(['mcp'], {
      env: { STACKYARD_URL: origin, STACKYARD_TOKEN: 'sy_pat_not_a_real_token_at_all' },
    });
    expect(badToken.code).toBe(3);
    expect(badToken.stdout).toBe('');
    expect(badToken.stderr).toContain(`stackyard: ${origin} refused the access token:`);
    expect(badToken.stderr).toContain('Settings → Access tokens');

    const nowhere = await run(['mcp'], {
      env: { STACKYARD_URL: 'http://127.0.0.1:9', STACKYARD_TOKEN: await token('read') },
    });
    expect(nowhere.code).toBe(1);
    expect(nowhere.stdout).toBe('');
    expect(nowhere.stderr).toMatch(/^stackyard: no stackyard server answers at http:\/\/127\.0\.0\.1:9 \(/);
  });

  test('exports the preferred stack: one file to stdout, several under --out at their paths, refusing bad formats', async ({
    api,
    config,
    editor,
    slug,
    workspaceId,
    drizzleId,
    run,
  }) => {
    const as = api.as(editor);
    const { workspaceToolId: prismaId } = await seedTool(api.db.db, {
      workspaceId,
      url: 'https://prisma.example/',
      slug: 'prisma',
      name: 'Prisma',
      description: 'Database toolkit',
    });
    for (const [id, stance, note] of [
      [drizzleId, 'preferred', 'use for every new service'],
      [prismaId, 'avoid', 'deprecated: use Drizzle ORM instead'],
    ] as const) {
      expect(
        (await as.put(`/tools/workspace/${id}/stance`, { stance, category: 'ORM', note })).statusCode,
      ).toBe(200);
    }
    const project = (
      await as.post('/projects', {
        workspace_id: workspaceId,
        metadata: { name: 'Billing' },
        tool_ids: [drizzleId],
      })
    ).json() as { slug: string };

    const help = await run(['--help']);
    expect(help.stdout).toContain('stackyard export --format F');
    expect(help.stdout).toContain('agents-md, claude-md, cursor-rules');

    const printed = await run(['export', '--format', 'agents-md']);
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/^# AGENTS\.md\n/);
    expect(printed.stdout).toContain('- Prisma: deprecated: use Drizzle ORM instead');

    const out = mkdtempSync(join(tmpdir(), 'stackyard-export-'));
    try {
      const written = await run([
        'export',
        '--workspace',
        slug,
        '--format',
        'agents-md,stack-json',
        '--format',
        'cursor-rules',
        '--out',
        out,
      ]);
      expect(written.code).toBe(0);
      expect(written.stdout.trim().split('\n')).toEqual([
        `agents-md            ${join(out, 'AGENTS.md')}`,
        `stack-json           ${join(out, 'stack.json')}`,
        `cursor-rules         ${join(out, '.cursor/rules/stack.mdc')}`,
      ]);
      expect(readFileSync(join(out, 'AGENTS.md'), 'utf8')).toBe(printed.stdout);
      expect(readFileSync(join(out, '.cursor/rules/stack.mdc'), 'utf8')).toMatch(
        /^---\n[^]*alwaysApply: true/,
      );
      const stack = JSON.parse(readFileSync(join(out, 'stack.json'), 'utf8')) as {
        version: number;
        categories: Array<{ name: string | null; tools: Array<{ slug: string; stance: string }> }>;
      };
      expect(stack.version).toBe(2);
      // The ORM category, then the tools nobody categorized (the link added above).
      expect(stack.categories.map((category) => category.name)).toEqual(['ORM', null]);
      expect(stack.categories[0]?.tools).toMatchObject([
        { slug: 'drizzle-orm', stance: 'preferred' },
        { slug: 'prisma', stance: 'avoid' },
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }

    const ofProject = await run(['export', '--format', 'stack-json', '--project', project.slug, '--json']);
    expect(ofProject.code).toBe(0);
    const answer = JSON.parse(ofProject.stdout) as { files: Array<{ path: string; content: string }> };
    expect(answer.files.map((file) => file.path)).toEqual(['stack.json']);
    expect(JSON.parse(answer.files[0]?.content ?? '{}')).toMatchObject({
      project: { slug: project.slug },
      categories: [{ name: 'ORM', tools: [{ slug: 'drizzle-orm' }] }],
    });

    const several = await run(['export', '--format', 'agents-md', '--format', 'llms-txt']);
    expect(several.code).toBe(2);
    expect(several.stderr).toContain('give --out DIR for several formats');
    const unknown = await run(['export', '--format', 'pom-xml', '--out', config]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown format "pom-xml"');
    expect(existsSync(join(config, 'pom.xml'))).toBe(false);
    const none = await run(['export']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('export needs --format');
    const noProject = await run(['export', '--format', 'agents-md', '--project', 'nope']);
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toContain('No project "nope" in this workspace.');
  });
});
