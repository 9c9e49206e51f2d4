import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { problemSchema } from '@stackyard/contracts/problem';
import {
  stackSchema,
  toolStanceListSchema,
  toolStanceRecordSchema,
  type Stack,
} from '@stackyard/contracts/stack';
import { eq } from 'drizzle-orm';
import { comments, toolFacts, workspaceTools } from '@stackyard/db/schema';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { renderExport } from '../stack-export/formats.ts';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { apiTest } from '@stackyard/testing/api-fixtures';
import type { Harness } from '@stackyard/testing/harness';

const run = promisify(execFile);

// `scratch`, a folder for the file's downloads, removed when the file's tests are done.
const test = apiTest().extend('scratch', { scope: 'file' }, async ({}, { onCleanup }) => {
  const scratch = await mkdtemp(join(tmpdir(), 'stack-export-'));
  onCleanup(() => rm(scratch, { recursive: true, force: true }));
  return scratch;
});

/** Three tools: an npm package, a PyPI package and a plain website. */
async function stackWorld(
  api: Harness,
): Promise<CatalogWorld & { drizzle: string; pydantic: string; prisma: string }> {
  const world = await catalogWorld(api);
  const tool = async (slug: string, url: string, rating: number | null) =>
    (
      await seedTool(api.db.db, {
        workspaceId: world.workspaceId,
        url: `${url}#${world.workspaceId}`,
        slug,
        name: slug[0]?.toUpperCase() + slug.slice(1),
        homepageUrl: `https://${slug}.example.com`,
        rating,
      })
    ).workspaceToolId;
  return {
    ...world,
    drizzle: await tool('drizzle', 'https://www.npmjs.com/package/drizzle-orm', 5),
    pydantic: await tool('pydantic', 'https://pypi.org/project/pydantic/', null),
    prisma: await tool('prisma', 'https://www.npmjs.com/package/prisma', 3),
  };
}

/** The facts job's answer for one package of the tool behind a workspace tool, as the job stores it. */
async function seedPackageFacts(
  api: Harness,
  workspaceToolId: string,
  ecosystem: 'npm' | 'pypi',
  name: string,
  version: string,
) {
  const [row] = await api.db.db
    .select({ toolId: workspaceTools.toolId })
    .from(workspaceTools)
    .where(eq(workspaceTools.id, workspaceToolId));
  if (!row) throw new Error('no such workspace tool');
  const fetchedAt = new Date();
  await api.db.db.insert(toolFacts).values({
    toolId: row.toolId,
    source: ecosystem,
    subject: `${ecosystem}:${name}`,
    status: 'ok',
    checkedAt: fetchedAt,
    data: {
      ecosystem,
      name,
      source: ecosystem,
      fetched_at: fetchedAt.toISOString(),
      url: null,
      latest_version: version,
      released_at: null,
      license: 'MIT',
      weekly_downloads: null,
      monthly_downloads: null,
      dependencies: 0,
      types_bundled: null,
      scorecard: null,
    },
  });
}

const toolsOf = (stack: Stack) =>
  stack.categories.map((category) => [category.name, category.tools.map((tool) => [tool.slug, tool.stance])]);

describe('PUT /tools/workspace/{toolId}/stance', () => {
  test("sets an editor's stance, note and category, and the stack groups by them", async ({ api }) => {
    const world = await stackWorld(api);
    const as = api.as(world.editor);
    const set = await as.put(`/tools/workspace/${world.drizzle}/stance`, {
      stance: 'preferred',
      note: '  Use for every new service ',
      category: 'ORM',
    });
    expect(toolStanceRecordSchema.parse(expectStatus(set, 200))).toMatchObject({
      workspace_tool_id: world.drizzle,
      stance: 'preferred',
      note: 'Use for every new service',
      category: 'ORM',
      // Who set it, for the tool page to show beside the stance.
      updated_by: world.editor.id,
      updated_by_username: world.editor.username,
    });
    expectStatus(
      await as.put(`/tools/workspace/${world.prisma}/stance`, { stance: 'avoid', category: 'ORM' }),
      200,
    );

    const stack = stackSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/stack`), 200),
    );
    expect(toolsOf(stack)).toEqual([
      [
        'ORM',
        [
          ['drizzle', 'preferred'],
          ['prisma', 'avoid'],
        ],
      ],
      [null, [['pydantic', 'accepted']]],
    ]);
    expect(stack.categories[0]?.tools[0]).toMatchObject({ note: 'Use for every new service', rating: 5 });
  });

  test('replaces the whole stance: a note left out is cleared, blank text is no text', async ({ api }) => {
    const world = await stackWorld(api);
    const as = api.as(world.editor);
    const path = `/tools/workspace/${world.drizzle}/stance`;
    expectStatus(await as.put(path, { stance: 'preferred', note: 'Fast', category: 'ORM' }), 200);
    const cleared = toolStanceRecordSchema.parse(
      expectStatus(await as.put(path, { stance: 'accepted', category: ' ' }), 200),
    );
    expect(cleared).toMatchObject({ stance: 'accepted', note: null, category: null });
    expect(toolStanceRecordSchema.parse(expectStatus(await api.as(world.viewer).get(path), 200))).toEqual(
      cleared,
    );
  });

  test('answers a tool nobody has a stance on as accepted', async ({ api }) => {
    const world = await stackWorld(api);
    const stance = expectStatus(
      await api.as(world.viewer).get(`/tools/workspace/${world.pydantic}/stance`),
      200,
    );
    expect(stance).toEqual({
      workspace_tool_id: world.pydantic,
      stance: 'accepted',
      note: null,
      category: null,
      updated_by: null,
      updated_by_username: null,
      updated_at: null,
    });
  });

  test('refuses viewers, unknown tools and bad input with problem details', async ({ api }) => {
    const world = await stackWorld(api);
    const path = `/tools/workspace/${world.drizzle}/stance`;
    const refused = problemSchema.parse(
      expectStatus(await api.as(world.viewer).put(path, { stance: 'avoid' }), 403),
    );
    expect(refused.detail).toBe('Only editors and admins can change the catalog of this workspace.');
    const missing = await api
      .as(world.editor)
      .put(`/tools/workspace/${crypto.randomUUID()}/stance`, { stance: 'avoid' });
    expect(problemSchema.parse(expectStatus(missing, 404)).detail).toBe('Tool not found');
    const other = await stackWorld(api);
    expectStatus(
      await api.as(world.editor).put(`/tools/workspace/${other.drizzle}/stance`, { stance: 'avoid' }),
      404,
    );

    for (const [body, message] of [
      [{ stance: 'loved' }, 'Stance must be preferred, accepted or avoid'],
      [{ stance: 'avoid', note: 'one\ntwo' }, 'Note must be one line'],
      [{ stance: 'avoid', note: 'x'.repeat(201) }, 'Note must be at most 200 characters'],
      [{ stance: 'avoid', category: 'y'.repeat(61) }, 'Category must be at most 60 characters'],
    ] as const) {
      const problem = problemSchema.parse(expectStatus(await api.as(world.editor).put(path, body), 400));
      expect(JSON.stringify(problem), JSON.stringify(body)).toContain(message);
    }
  });
});

describe('PUT /workspaces/{id}/stack/stances', () => {
  test('sets one stance on many tools and keeps their notes and categories', async ({ api }) => {
    const world = await stackWorld(api);
    const as = api.as(world.editor);
    expectStatus(
      await as.put(`/tools/workspace/${world.prisma}/stance`, {
        stance: 'accepted',
        note: 'Legacy',
        category: 'ORM',
      }),
      200,
    );
    const response = await as.put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [world.prisma, world.pydantic, world.prisma],
      stance: 'avoid',
    });
    const records = toolStanceListSchema.parse(expectStatus(response, 200));
    expect(records.map((record) => [record.workspace_tool_id, record.stance, record.note])).toEqual([
      [world.prisma, 'avoid', 'Legacy'],
      [world.pydantic, 'avoid', null],
    ]);
  });

  test("refuses the whole batch when one id is not the workspace's tool", async ({ api }) => {
    const world = await stackWorld(api);
    const other = await stackWorld(api);
    const response = await api.as(world.editor).put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [world.drizzle, other.drizzle],
      stance: 'avoid',
    });
    expect(problemSchema.parse(expectStatus(response, 404)).detail).toBe(`Tool not found: ${other.drizzle}`);
    const stance = expectStatus<{ stance: string }>(
      await api.as(world.viewer).get(`/tools/workspace/${world.drizzle}/stance`),
      200,
    );
    expect(stance.stance).toBe('accepted');
    const empty = await api.as(world.editor).put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [],
      stance: 'avoid',
    });
    expect(JSON.stringify(expectStatus(empty, 400))).toContain('Choose at least one tool');
  });
});

describe('GET /workspaces/{id}/stack and /projects/{id}/stack', () => {
  test('orders stances, ratings and slugs, and shows the comment an editor marked for assistants', async ({
    api,
  }) => {
    const world = await stackWorld(api);
    const as = api.as(world.editor);
    await as.put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [world.pydantic],
      stance: 'preferred',
    });
    expectStatus(
      await as.post(`/tools/workspace/${world.drizzle}/comments`, { content: 'First thoughts' }),
      201,
    );
    const latest = expectStatus<{ id: string }>(
      await api
        .as(world.viewer)
        .post(`/tools/workspace/${world.drizzle}/comments`, { content: 'Latest word' }),
      201,
    );
    const read = async () =>
      stackSchema.parse(expectStatus(await as.get(`/workspaces/${world.workspaceId}/stack`), 200));
    // Nobody has marked a comment yet: no member's words reach the stack.
    expect((await read()).categories[0]?.tools.map((tool) => tool.top_comment)).toEqual([null, null, null]);
    expectStatus(await as.put(`/comments/${latest.id}/for-assistants`), 200);
    const stack = await read();
    expect(toolsOf(stack)).toEqual([
      [
        null,
        [
          ['pydantic', 'preferred'],
          ['drizzle', 'accepted'],
          ['prisma', 'accepted'],
        ],
      ],
    ]);
    const drizzle = stack.categories[0]?.tools.find((tool) => tool.slug === 'drizzle');
    expect(drizzle?.top_comment).toMatchObject({ content: 'Latest word', commenter_id: world.viewer.id });
    expect(stack.workspace.id).toBe(world.workspaceId);
  });

  test("shows a tool as its workspace corrected it, in the stack and the exported files, not in another's", async ({
    api,
  }) => {
    const world = await stackWorld(api);
    const other = await stackWorld(api);
    expectStatus(
      await api.as(world.editor).patch(`/tools/workspace/${world.prisma}`, {
        name: 'Prisma ORM',
        description: 'Our corrected words',
        homepage_url: 'https://corrected.example/',
      }),
      200,
    );
    const stackOf = async (w: typeof world) =>
      stackSchema.parse(expectStatus(await api.as(w.viewer).get(`/workspaces/${w.workspaceId}/stack`), 200));
    const prismaOf = (stack: Awaited<ReturnType<typeof stackOf>>) =>
      stack.categories[0]?.tools.find((tool) => tool.slug === 'prisma');
    expect(prismaOf(await stackOf(world))).toMatchObject({
      name: 'Prisma ORM',
      description: 'Our corrected words',
      homepage_url: 'https://corrected.example/',
    });
    expect(prismaOf(await stackOf(other))).toMatchObject({
      name: 'Prisma',
      homepage_url: 'https://prisma.example.com',
    });
    const agents = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/agents-md`);
    expect(agents.statusCode).toBe(200);
    expect(agents.body).toContain('Prisma ORM');
  });

  test('carries each package with the latest version its facts know, and the manifests pin from it', async ({
    api,
  }) => {
    const world = await stackWorld(api);
    await seedPackageFacts(api, world.drizzle, 'npm', 'drizzle-orm', '0.44.5');
    await seedPackageFacts(api, world.pydantic, 'pypi', 'pydantic', '2.12.3');
    const as = api.as(world.editor);
    await as.put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [world.drizzle, world.pydantic, world.prisma],
      stance: 'preferred',
    });
    const stack = stackSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/stack`), 200),
    );
    const packagesOf = (slug: string) =>
      stack.categories.flatMap((category) => category.tools).find((tool) => tool.slug === slug)?.packages;
    expect(packagesOf('drizzle')).toEqual([{ ecosystem: 'npm', name: 'drizzle-orm', version: '0.44.5' }]);
    expect(packagesOf('pydantic')).toEqual([{ ecosystem: 'pypi', name: 'pydantic', version: '2.12.3' }]);
    // No facts yet: the package is known from its link, its version is not.
    expect(packagesOf('prisma')).toEqual([{ ecosystem: 'npm', name: 'prisma', version: null }]);
    const manifest = await api
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/export/ai/package-json`);
    expect(JSON.parse(manifest.body)).toEqual({
      dependencies: { 'drizzle-orm': '^0.44.5', prisma: 'latest' },
    });
    const requirements = await api
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/export/ai/requirements-txt`);
    expect(requirements.body.split('\n')).toContain('pydantic>=2.12.3');
  });

  test("lists only a project's linked tools, with the workspace's stances", async ({ api }) => {
    const world = await stackWorld(api);
    const as = api.as(world.editor);
    await as.put(`/tools/workspace/${world.prisma}/stance`, { stance: 'avoid', note: 'Too heavy' });
    const created = await as.post('/projects', {
      workspace_id: world.workspaceId,
      metadata: { name: 'Billing API' },
      tool_ids: [world.prisma],
    });
    const projectId = expectStatus<{ id: string }>(created, 201).id;
    const stack = stackSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/projects/${projectId}/stack`), 200),
    );
    expect(stack.project).toMatchObject({ id: projectId, name: 'Billing API' });
    expect(toolsOf(stack)).toEqual([[null, [['prisma', 'avoid']]]]);
    const outsider = await api.user();
    expectStatus(await api.as(outsider).get(`/projects/${projectId}/stack`), 404);
  });
});

describe('GET …/stack?category=', () => {
  /** Drizzle in "ORM", Prisma in "orm", Pydantic in "Validation"; a project uses Drizzle and Pydantic. */
  async function categorizedWorld(api: Harness) {
    const world = await stackWorld(api);
    const as = api.as(world.editor);
    for (const [id, category] of [
      [world.drizzle, 'ORM'],
      [world.prisma, 'orm'],
      [world.pydantic, 'Validation'],
    ] as const) {
      expectStatus(await as.put(`/tools/workspace/${id}/stance`, { stance: 'preferred', category }), 200);
    }
    const created = await as.post('/projects', {
      workspace_id: world.workspaceId,
      metadata: { name: 'Billing API' },
      tool_ids: [world.drizzle, world.pydantic],
    });
    return { ...world, projectId: expectStatus<{ id: string }>(created, 201).id };
  }

  const readStack = async (api: Harness, user: Parameters<Harness['as']>[0], path: string) =>
    stackSchema.parse(expectStatus(await api.as(user).get(path), 200));

  test("answers a viewer only the category's tools, its name in any case; no match is no categories", async ({
    api,
  }) => {
    const world = await categorizedWorld(api);
    const path = `/workspaces/${world.workspaceId}/stack`;
    expect(toolsOf(await readStack(api, world.viewer, `${path}?category=%20Orm%20`))).toEqual([
      ['ORM', [['drizzle', 'preferred']]],
      ['orm', [['prisma', 'preferred']]],
    ]);
    expect(toolsOf(await readStack(api, world.viewer, `${path}?category=validation`))).toEqual([
      ['Validation', [['pydantic', 'preferred']]],
    ]);
    const none = await readStack(api, world.viewer, `${path}?category=Bundler`);
    expect(none).toMatchObject({ workspace: { id: world.workspaceId }, project: null, categories: [] });
    expect(toolsOf(await readStack(api, world.viewer, path)).map(([name]) => name)).toEqual([
      'ORM',
      'orm',
      'Validation',
    ]);
  });

  test("filters a project's stack too; non-members get 404 and a blank or long category 400", async ({
    api,
  }) => {
    const world = await categorizedWorld(api);
    const path = `/projects/${world.projectId}/stack`;
    const orm = await readStack(api, world.viewer, `${path}?category=orm`);
    expect(orm.project).toMatchObject({ id: world.projectId, name: 'Billing API' });
    expect(toolsOf(orm)).toEqual([['ORM', [['drizzle', 'preferred']]]]);
    const none = await readStack(api, world.viewer, `${path}?category=Bundler`);
    expect(none).toMatchObject({ project: { id: world.projectId }, categories: [] });

    const outsider = await api.user();
    for (const url of [`${path}?category=orm`, `/workspaces/${world.workspaceId}/stack?category=orm`]) {
      expectStatus(await api.as(outsider).get(url), 404);
    }
    for (const [category, message] of [
      ['', 'Category must not be empty'],
      ['%20%20', 'Category must not be empty'],
      ['y'.repeat(61), 'Category must be at most 60 characters'],
    ] as const) {
      const refused = await api.as(world.viewer).get(`${path}?category=${category}`);
      expect(JSON.stringify(expectStatus(refused, 400))).toContain(message);
    }
  });

  test('reads each tool the same top comment as the whole stack does, ties broken by id', async ({ api }) => {
    const world = await categorizedWorld(api);
    const comment = async (toolId: string, content: string) => {
      const { id } = expectStatus<{ id: string }>(
        await api.as(world.editor).post(`/tools/workspace/${toolId}/comments`, { content }),
        201,
      );
      expectStatus(await api.as(world.editor).put(`/comments/${id}/for-assistants`), 200);
      return { id, content };
    };
    const drizzleComments = [
      await comment(world.drizzle, 'one'),
      await comment(world.drizzle, 'two'),
      await comment(world.drizzle, 'three'),
    ];
    // Marked in the same instant: the greatest id is the top comment, whichever way it is read.
    await api.db.db
      .update(comments)
      .set({ forAssistantsAt: new Date('2025-01-01T00:00:00.000Z') })
      .where(eq(comments.workspaceToolId, world.drizzle));
    const older = await comment(world.pydantic, 'older, marked again since');
    await comment(world.pydantic, 'newer');
    await api.db.db
      .update(comments)
      .set({ forAssistantsAt: new Date(Date.now() + 60_000) })
      .where(eq(comments.id, older.id));
    // Newer than every marked one, but never marked: it does not count.
    expectStatus(
      await api.as(world.viewer).post(`/tools/workspace/${world.pydantic}/comments`, { content: 'unmarked' }),
      201,
    );
    expectStatus(
      await api.as(world.editor).post(`/projects/${world.projectId}/comments`, { content: 'on the project' }),
      201,
    );

    // The whole workspace reads top comments with DISTINCT ON, a category or a project with LATERAL.
    const topOf = (stack: Stack) =>
      Object.fromEntries(
        stack.categories.flatMap((category) => category.tools.map((tool) => [tool.slug, tool.top_comment])),
      );
    const whole = topOf(await readStack(api, world.viewer, `/workspaces/${world.workspaceId}/stack`));
    const [tiedTop] = drizzleComments.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    expect(whole.drizzle?.content).toBe(tiedTop?.content);
    expect(whole.pydantic?.content).toBe('older, marked again since');
    expect(whole.prisma).toBeNull();
    const byCategory = {
      ...topOf(await readStack(api, world.viewer, `/workspaces/${world.workspaceId}/stack?category=ORM`)),
      ...topOf(
        await readStack(api, world.viewer, `/workspaces/${world.workspaceId}/stack?category=validation`),
      ),
    };
    expect(byCategory).toEqual(whole);
    const ofProject = topOf(await readStack(api, world.viewer, `/projects/${world.projectId}/stack`));
    expect(ofProject).toEqual({ drizzle: whole.drizzle, pydantic: whole.pydantic });
  });
});

describe('GET /workspaces/{id}/export/ai', () => {
  test('downloads the chosen formats as a zip that unzip reads, at their repository paths', async ({
    api,
    scratch,
  }) => {
    const world = await stackWorld(api);
    await api
      .as(world.editor)
      .put(`/tools/workspace/${world.drizzle}/stance`, { stance: 'preferred', category: 'ORM' });
    const response = await api
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/export/ai?formats=package-json,cursor-rules,agents-md`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="stackyard-catalog-.*-ai\.zip"$/,
    );
    const file = join(scratch, `${world.workspaceId}.zip`);
    await writeFile(file, response.rawPayload);
    const listed = await run('unzip', ['-Z1', file]);
    expect(listed.stdout.trim().split('\n')).toEqual([
      'AGENTS.md',
      '.cursor/rules/stack.mdc',
      'package.json',
    ]);
    const manifest = await run('unzip', ['-p', file, 'package.json']);
    expect(JSON.parse(manifest.stdout)).toEqual({ dependencies: { 'drizzle-orm': 'latest' } });
    await run('unzip', ['-tq', file]);
  });

  test('serves one file with its content type, the same text as rendering the stack', async ({ api }) => {
    const world = await stackWorld(api);
    await api
      .as(world.editor)
      .put(`/tools/workspace/${world.pydantic}/stance`, { stance: 'preferred', note: 'Use *v2*' });
    const stack = stackSchema.parse(
      expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/stack`), 200),
    );
    for (const [format, type] of [
      ['agents-md', 'text/markdown; charset=utf-8'],
      ['requirements-txt', 'text/plain; charset=utf-8'],
      ['stack-json', 'application/json; charset=utf-8'],
    ] as const) {
      const response = await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/${format}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.body).toBe(renderExport(stack, format).content);
    }
    const requirements = await api
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/export/ai/requirements-txt`);
    expect(requirements.body.split('\n')).toContain('pydantic');
  });

  test('refuses an unknown format, a project of another workspace and non-members', async ({ api }) => {
    const world = await stackWorld(api);
    const as = api.as(world.viewer);
    const unknown = await as.get(`/workspaces/${world.workspaceId}/export/ai?formats=agents-md,docx`);
    expect(JSON.stringify(expectStatus(unknown, 400))).toContain('Format must be one of');
    expectStatus(await as.get(`/workspaces/${world.workspaceId}/export/ai/docx`), 400);
    const project = await as.get(
      `/workspaces/${world.workspaceId}/export/ai/agents-md?project_id=${crypto.randomUUID()}`,
    );
    expect(problemSchema.parse(expectStatus(project, 404)).detail).toBe('Project not found');
    const outsider = await api.user();
    expectStatus(await api.as(outsider).get(`/workspaces/${world.workspaceId}/export/ai`), 404);
  });
});
