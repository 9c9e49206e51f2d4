import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createHarness, type Harness } from '@stackyard/testing/harness';

const run = promisify(execFile);

let h: Harness;
let scratch: string;

beforeAll(async () => {
  h = await createHarness();
  scratch = await mkdtemp(join(tmpdir(), 'stack-export-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  const mismatches = await h.mismatches();
  await h.close();
  expect(mismatches).toEqual([]);
});

/** Three tools: an npm package, a PyPI package and a plain website. */
async function stackWorld(): Promise<CatalogWorld & { drizzle: string; pydantic: string; prisma: string }> {
  const world = await catalogWorld(h);
  const tool = async (slug: string, url: string, rating: number | null) =>
    (
      await seedTool(h.db.db, {
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
  workspaceToolId: string,
  ecosystem: 'npm' | 'pypi',
  name: string,
  version: string,
) {
  const [row] = await h.db.db
    .select({ toolId: workspaceTools.toolId })
    .from(workspaceTools)
    .where(eq(workspaceTools.id, workspaceToolId));
  if (!row) throw new Error('no such workspace tool');
  const fetchedAt = new Date();
  await h.db.db.insert(toolFacts).values({
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
  it("sets an editor's stance, note and category, and the stack groups by them", async () => {
    const world = await stackWorld();
    const as = h.as(world.editor);
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
      expectStatus(await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/stack`), 200),
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

  it('replaces the whole stance: a note left out is cleared, blank text is no text', async () => {
    const world = await stackWorld();
    const as = h.as(world.editor);
    const path = `/tools/workspace/${world.drizzle}/stance`;
    expectStatus(await as.put(path, { stance: 'preferred', note: 'Fast', category: 'ORM' }), 200);
    const cleared = toolStanceRecordSchema.parse(
      expectStatus(await as.put(path, { stance: 'accepted', category: ' ' }), 200),
    );
    expect(cleared).toMatchObject({ stance: 'accepted', note: null, category: null });
    expect(toolStanceRecordSchema.parse(expectStatus(await h.as(world.viewer).get(path), 200))).toEqual(
      cleared,
    );
  });

  it('answers a tool nobody has a stance on as accepted', async () => {
    const world = await stackWorld();
    const stance = expectStatus(
      await h.as(world.viewer).get(`/tools/workspace/${world.pydantic}/stance`),
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

  it('refuses viewers, unknown tools and bad input with problem details', async () => {
    const world = await stackWorld();
    const path = `/tools/workspace/${world.drizzle}/stance`;
    const refused = problemSchema.parse(
      expectStatus(await h.as(world.viewer).put(path, { stance: 'avoid' }), 403),
    );
    expect(refused.detail).toBe('Only editors and admins can change the catalog of this workspace.');
    const missing = await h
      .as(world.editor)
      .put(`/tools/workspace/${crypto.randomUUID()}/stance`, { stance: 'avoid' });
    expect(problemSchema.parse(expectStatus(missing, 404)).detail).toBe('Tool not found');
    const other = await stackWorld();
    expectStatus(
      await h.as(world.editor).put(`/tools/workspace/${other.drizzle}/stance`, { stance: 'avoid' }),
      404,
    );

    for (const [body, message] of [
      [{ stance: 'loved' }, 'Stance must be preferred, accepted or avoid'],
      [{ stance: 'avoid', note: 'one\ntwo' }, 'Note must be one line'],
      [{ stance: 'avoid', note: 'x'.repeat(201) }, 'Note must be at most 200 characters'],
      [{ stance: 'avoid', category: 'y'.repeat(61) }, 'Category must be at most 60 characters'],
    ] as const) {
      const problem = problemSchema.parse(expectStatus(await h.as(world.editor).put(path, body), 400));
      expect(JSON.stringify(problem), JSON.stringify(body)).toContain(message);
    }
  });
});

describe('PUT /workspaces/{id}/stack/stances', () => {
  it('sets one stance on many tools and keeps their notes and categories', async () => {
    const world = await stackWorld();
    const as = h.as(world.editor);
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

  it("refuses the whole batch when one id is not the workspace's tool", async () => {
    const world = await stackWorld();
    const other = await stackWorld();
    const response = await h.as(world.editor).put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [world.drizzle, other.drizzle],
      stance: 'avoid',
    });
    expect(problemSchema.parse(expectStatus(response, 404)).detail).toBe(`Tool not found: ${other.drizzle}`);
    const stance = expectStatus<{ stance: string }>(
      await h.as(world.viewer).get(`/tools/workspace/${world.drizzle}/stance`),
      200,
    );
    expect(stance.stance).toBe('accepted');
    const empty = await h.as(world.editor).put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [],
      stance: 'avoid',
    });
    expect(JSON.stringify(expectStatus(empty, 400))).toContain('Choose at least one tool');
  });
});

describe('GET /workspaces/{id}/stack and /projects/{id}/stack', () => {
  it('orders stances, ratings and slugs, and shows the comment an editor marked for assistants', async () => {
    const world = await stackWorld();
    const as = h.as(world.editor);
    await as.put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [world.pydantic],
      stance: 'preferred',
    });
    expectStatus(
      await as.post(`/tools/workspace/${world.drizzle}/comments`, { content: 'First thoughts' }),
      201,
    );
    const latest = expectStatus<{ id: string }>(
      await h.as(world.viewer).post(`/tools/workspace/${world.drizzle}/comments`, { content: 'Latest word' }),
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

  it("shows a tool as its workspace corrected it, in the stack and the exported files, not in another's", async () => {
    const world = await stackWorld();
    const other = await stackWorld();
    expectStatus(
      await h.as(world.editor).patch(`/tools/workspace/${world.prisma}`, {
        name: 'Prisma ORM',
        description: 'Our corrected words',
        homepage_url: 'https://corrected.example/',
      }),
      200,
    );
    const stackOf = async (w: typeof world) =>
      stackSchema.parse(expectStatus(await h.as(w.viewer).get(`/workspaces/${w.workspaceId}/stack`), 200));
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
    const agents = await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/agents-md`);
    expect(agents.statusCode).toBe(200);
    expect(agents.body).toContain('Prisma ORM');
  });

  it('carries each package with the latest version its facts know, and the manifests pin from it', async () => {
    const world = await stackWorld();
    await seedPackageFacts(world.drizzle, 'npm', 'drizzle-orm', '0.44.5');
    await seedPackageFacts(world.pydantic, 'pypi', 'pydantic', '2.12.3');
    const as = h.as(world.editor);
    await as.put(`/workspaces/${world.workspaceId}/stack/stances`, {
      workspace_tool_ids: [world.drizzle, world.pydantic, world.prisma],
      stance: 'preferred',
    });
    const stack = stackSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/stack`), 200),
    );
    const packagesOf = (slug: string) =>
      stack.categories.flatMap((category) => category.tools).find((tool) => tool.slug === slug)?.packages;
    expect(packagesOf('drizzle')).toEqual([{ ecosystem: 'npm', name: 'drizzle-orm', version: '0.44.5' }]);
    expect(packagesOf('pydantic')).toEqual([{ ecosystem: 'pypi', name: 'pydantic', version: '2.12.3' }]);
    // No facts yet: the package is known from its link, its version is not.
    expect(packagesOf('prisma')).toEqual([{ ecosystem: 'npm', name: 'prisma', version: null }]);
    const manifest = await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/package-json`);
    expect(JSON.parse(manifest.body)).toEqual({
      dependencies: { 'drizzle-orm': '^0.44.5', prisma: 'latest' },
    });
    const requirements = await h
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/export/ai/requirements-txt`);
    expect(requirements.body.split('\n')).toContain('pydantic>=2.12.3');
  });

  it("lists only a project's linked tools, with the workspace's stances", async () => {
    const world = await stackWorld();
    const as = h.as(world.editor);
    await as.put(`/tools/workspace/${world.prisma}/stance`, { stance: 'avoid', note: 'Too heavy' });
    const created = await as.post('/projects', {
      workspace_id: world.workspaceId,
      metadata: { name: 'Billing API' },
      tool_ids: [world.prisma],
    });
    const projectId = expectStatus<{ id: string }>(created, 201).id;
    const stack = stackSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/projects/${projectId}/stack`), 200),
    );
    expect(stack.project).toMatchObject({ id: projectId, name: 'Billing API' });
    expect(toolsOf(stack)).toEqual([[null, [['prisma', 'avoid']]]]);
    const outsider = await h.user();
    expectStatus(await h.as(outsider).get(`/projects/${projectId}/stack`), 404);
  });
});

describe('GET …/stack?category=', () => {
  /** Drizzle in "ORM", Prisma in "orm", Pydantic in "Validation"; a project uses Drizzle and Pydantic. */
  async function categorizedWorld() {
    const world = await stackWorld();
    const as = h.as(world.editor);
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

  const readStack = async (user: Parameters<Harness['as']>[0], path: string) =>
    stackSchema.parse(expectStatus(await h.as(user).get(path), 200));

  it("answers a viewer only the category's tools, its name in any case; no match is no categories", async () => {
    const world = await categorizedWorld();
    const path = `/workspaces/${world.workspaceId}/stack`;
    expect(toolsOf(await readStack(world.viewer, `${path}?category=%20Orm%20`))).toEqual([
      ['ORM', [['drizzle', 'preferred']]],
      ['orm', [['prisma', 'preferred']]],
    ]);
    expect(toolsOf(await readStack(world.viewer, `${path}?category=validation`))).toEqual([
      ['Validation', [['pydantic', 'preferred']]],
    ]);
    const none = await readStack(world.viewer, `${path}?category=Bundler`);
    expect(none).toMatchObject({ workspace: { id: world.workspaceId }, project: null, categories: [] });
    expect(toolsOf(await readStack(world.viewer, path)).map(([name]) => name)).toEqual([
      'ORM',
      'orm',
      'Validation',
    ]);
  });

  it("filters a project's stack too; non-members get 404 and a blank or long category 400", async () => {
    const world = await categorizedWorld();
    const path = `/projects/${world.projectId}/stack`;
    const orm = await readStack(world.viewer, `${path}?category=orm`);
    expect(orm.project).toMatchObject({ id: world.projectId, name: 'Billing API' });
    expect(toolsOf(orm)).toEqual([['ORM', [['drizzle', 'preferred']]]]);
    const none = await readStack(world.viewer, `${path}?category=Bundler`);
    expect(none).toMatchObject({ project: { id: world.projectId }, categories: [] });

    const outsider = await h.user();
    for (const url of [`${path}?category=orm`, `/workspaces/${world.workspaceId}/stack?category=orm`]) {
      expectStatus(await h.as(outsider).get(url), 404);
    }
    for (const [category, message] of [
      ['', 'Category must not be empty'],
      ['%20%20', 'Category must not be empty'],
      ['y'.repeat(61), 'Category must be at most 60 characters'],
    ] as const) {
      const refused = await h.as(world.viewer).get(`${path}?category=${category}`);
      expect(JSON.stringify(expectStatus(refused, 400))).toContain(message);
    }
  });

  it('reads each tool the same top comment as the whole stack does, ties broken by id', async () => {
    const world = await categorizedWorld();
    const comment = async (toolId: string, content: string) => {
      const { id } = expectStatus<{ id: string }>(
        await h.as(world.editor).post(`/tools/workspace/${toolId}/comments`, { content }),
        201,
      );
      expectStatus(await h.as(world.editor).put(`/comments/${id}/for-assistants`), 200);
      return { id, content };
    };
    const drizzleComments = [
      await comment(world.drizzle, 'one'),
      await comment(world.drizzle, 'two'),
      await comment(world.drizzle, 'three'),
    ];
    // Marked in the same instant: the greatest id is the top comment, whichever way it is read.
    await h.db.db
      .update(comments)
      .set({ forAssistantsAt: new Date('2025-01-01T00:00:00.000Z') })
      .where(eq(comments.workspaceToolId, world.drizzle));
    const older = await comment(world.pydantic, 'older, marked again since');
    await comment(world.pydantic, 'newer');
    await h.db.db
      .update(comments)
      .set({ forAssistantsAt: new Date(Date.now() + 60_000) })
      .where(eq(comments.id, older.id));
    // Newer than every marked one, but never marked: it does not count.
    expectStatus(
      await h.as(world.viewer).post(`/tools/workspace/${world.pydantic}/comments`, { content: 'unmarked' }),
      201,
    );
    expectStatus(
      await h.as(world.editor).post(`/projects/${world.projectId}/comments`, { content: 'on the project' }),
      201,
    );

    // The whole workspace reads top comments with DISTINCT ON, a category or a project with LATERAL.
    const topOf = (stack: Stack) =>
      Object.fromEntries(
        stack.categories.flatMap((category) => category.tools.map((tool) => [tool.slug, tool.top_comment])),
      );
    const whole = topOf(await readStack(world.viewer, `/workspaces/${world.workspaceId}/stack`));
    const [tiedTop] = drizzleComments.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    expect(whole.drizzle?.content).toBe(tiedTop?.content);
    expect(whole.pydantic?.content).toBe('older, marked again since');
    expect(whole.prisma).toBeNull();
    const byCategory = {
      ...topOf(await readStack(world.viewer, `/workspaces/${world.workspaceId}/stack?category=ORM`)),
      ...topOf(await readStack(world.viewer, `/workspaces/${world.workspaceId}/stack?category=validation`)),
    };
    expect(byCategory).toEqual(whole);
    const ofProject = topOf(await readStack(world.viewer, `/projects/${world.projectId}/stack`));
    expect(ofProject).toEqual({ drizzle: whole.drizzle, pydantic: whole.pydantic });
  });
});

describe('GET /workspaces/{id}/export/ai', () => {
  it('downloads the chosen formats as a zip that unzip reads, at their repository paths', async () => {
    const world = await stackWorld();
    await h
      .as(world.editor)
      .put(`/tools/workspace/${world.drizzle}/stance`, { stance: 'preferred', category: 'ORM' });
    const response = await h
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

  it('serves one file with its content type, the same text as rendering the stack', async () => {
    const world = await stackWorld();
    await h
      .as(world.editor)
      .put(`/tools/workspace/${world.pydantic}/stance`, { stance: 'preferred', note: 'Use *v2*' });
    const stack = stackSchema.parse(
      expectStatus(await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/stack`), 200),
    );
    for (const [format, type] of [
      ['agents-md', 'text/markdown; charset=utf-8'],
      ['requirements-txt', 'text/plain; charset=utf-8'],
      ['stack-json', 'application/json; charset=utf-8'],
    ] as const) {
      const response = await h.as(world.viewer).get(`/workspaces/${world.workspaceId}/export/ai/${format}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.body).toBe(renderExport(stack, format).content);
    }
    const requirements = await h
      .as(world.viewer)
      .get(`/workspaces/${world.workspaceId}/export/ai/requirements-txt`);
    expect(requirements.body.split('\n')).toContain('pydantic');
  });

  it('refuses an unknown format, a project of another workspace and non-members', async () => {
    const world = await stackWorld();
    const as = h.as(world.viewer);
    const unknown = await as.get(`/workspaces/${world.workspaceId}/export/ai?formats=agents-md,docx`);
    expect(JSON.stringify(expectStatus(unknown, 400))).toContain('Format must be one of');
    expectStatus(await as.get(`/workspaces/${world.workspaceId}/export/ai/docx`), 400);
    const project = await as.get(
      `/workspaces/${world.workspaceId}/export/ai/agents-md?project_id=${crypto.randomUUID()}`,
    );
    expect(problemSchema.parse(expectStatus(project, 404)).detail).toBe('Project not found');
    const outsider = await h.user();
    expectStatus(await h.as(outsider).get(`/workspaces/${world.workspaceId}/export/ai`), 404);
  });
});
