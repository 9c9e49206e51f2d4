// `stackyard edit` as a user runs it: the real bin in a child process against the real server on a free port.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { resourceSchema } from '@stackyard/contracts/resource';
import { toolSchema } from '@stackyard/contracts/tool';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { seedResource, seedTool } from '@stackyard/testing/catalog-seed';
import { apiTest } from '@stackyard/testing/api-fixtures';

const bin = fileURLToPath(new URL('../bin/stackyard.js', import.meta.url));
// `origin`, the API over HTTP on loopback, one per file; `team`, the editor's workspace with kysely in it,
// read through `editor`, `workspace` and `toolId`; `token`, a new access token of the editor; `resource`, a
// link seeded in the workspace.
const test = apiTest()
  .extend('team', { scope: 'file' }, async ({ api }) => {
    const editor = await api.user('edit_cli_editor');
    const workspace = (await api.as(editor).post('/workspaces', { name: 'Edit Team' })).json() as {
      id: string;
      slug: string;
    };
    const { workspaceToolId: toolId } = await seedTool(api.db.db, {
      workspaceId: workspace.id,
      url: 'https://kysely.example/',
      slug: 'kysely',
      name: 'kysely',
      description: 'Query builder',
      homepageUrl: 'https://kysely.example/',
    });
    return { editor, workspace, toolId };
  })
  .extend('editor', { scope: 'file' }, ({ team }) => team.editor)
  .extend('workspace', { scope: 'file' }, ({ team }) => team.workspace)
  .extend('toolId', { scope: 'file' }, ({ team }) => team.toolId)
  .extend('token', { scope: 'file' }, ({ api, editor }) => async (scope: 'read' | 'read_write') => {
    const created = await api.as(editor).post('/tokens', { name: `edit ${scope}`, scope });
    return (created.json() as { token: string }).token;
  })
  .extend(
    'resource',
    { scope: 'file' },
    ({ api, workspace }) =>
      async (url: string, title: string | null) => {
        const fingerprinted = fingerprintUrl(url);
        if (!fingerprinted.ok) throw new Error(`not a URL: ${url}`);
        return seedResource(api.db.db, {
          workspaceId: workspace.id,
          url,
          fingerprint: fingerprinted.value.fingerprint,
          title,
        });
      },
  );

function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: '/nonexistent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end('');
  });
}

describe('stackyard edit', () => {
  test('corrects a tool by slug and a resource by id; an empty value clears a field', async ({
    api,
    origin,
    editor,
    toolId,
    token,
    resource,
  }) => {
    const env = { STACKYARD_URL: origin, STACKYARD_TOKEN: await token('read_write') };
    const tool = await run(
      [
        'edit',
        'tool',
        'kysely',
        '--name',
        'Kysely',
        '--description',
        '',
        '--repository',
        'https://github.com/kysely-org/kysely',
      ],
      env,
    );
    expect(tool).toEqual({
      code: 0,
      stdout: 'Updated tool kysely: name, description, forge_url.\n',
      stderr: '',
    });
    const stored = toolSchema.parse((await api.as(editor).get(`/tools/workspace/${toolId}`)).json());
    expect(stored.metadata).toMatchObject({
      name: 'Kysely',
      description: null,
      canonical_links: {
        homepage_url: 'https://kysely.example/',
        forge_url: 'https://github.com/kysely-org/kysely',
      },
    });

    const id = await resource('https://notes.example/kysely', 'Notes');
    const link = await run(
      ['edit', 'resource', id, '--title', 'Kysely notes', '--url', 'https://notes.example/k'],
      env,
    );
    expect(link).toEqual({ code: 0, stdout: 'Updated resource Kysely notes: title, url.\n', stderr: '' });
    const saved = resourceSchema.parse((await api.as(editor).get(`/resources/${id}`)).json());
    expect(saved.raw_submitted_url).toBe('https://notes.example/k');
  });

  test('exits 1 saying why: a bad URL (naming the field), a duplicate link, an unknown slug, a read token', async ({
    api,
    origin,
    editor,
    workspace,
    toolId,
    token,
    resource,
  }) => {
    const env = { STACKYARD_URL: origin, STACKYARD_TOKEN: await token('read_write') };
    const badUrl = await run(['edit', 'tool', 'kysely', '--docs', 'ftp://docs.example/'], env);
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain('documentation_url: Must be a valid http or https URL');

    const first = await resource('https://docs.example/one', 'One');
    const second = await resource('https://docs.example/two', 'Two');
    const duplicate = await run(['edit', 'resource', second, '--url', 'https://docs.example/one'], env);
    expect(duplicate).toMatchObject({
      code: 1,
      stderr: `stackyard: This link is already saved in the workspace as "One" (resource ${first})\n`,
    });

    const unknown = await run(['edit', 'tool', 'nope', '--name', 'Nope'], env);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: `stackyard: no tool "nope" in ${workspace.slug}; find its slug with \`stackyard search\`\n`,
    });

    const reader = await run(['edit', 'tool', 'kysely', '--name', 'Read'], {
      ...env,
      STACKYARD_TOKEN: await token('read'),
    });
    expect(reader.code).toBe(1);
    expect(reader.stderr).toContain('This access token can only read.');
    const kept = toolSchema.parse((await api.as(editor).get(`/tools/workspace/${toolId}`)).json());
    expect(kept.metadata.name).not.toBe('Read');
  });

  test('refuses wrong usage with exit code 2 before calling the server', async () => {
    const env = { STACKYARD_URL: 'http://127.0.0.1:9', STACKYARD_TOKEN: 'sy_pat_unused' };
    expect(await run(['edit', 'tool', 'kysely'], env)).toMatchObject({
      code: 2,
      stderr: 'stackyard: edit tool needs at least one field to change; see stackyard --help\n',
    });
    expect(await run(['edit', 'tool', 'kysely', '--title', 'T'], env)).toMatchObject({
      code: 2,
      stderr: 'stackyard: edit tool does not take --title\n',
    });
    expect(await run(['edit', 'project', 'x', '--name', 'N'], env)).toMatchObject({
      code: 2,
      stderr: 'stackyard: edit needs what and which: edit tool <slug> or edit resource <id>\n',
    });
  });
});
