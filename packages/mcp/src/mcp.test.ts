// The MCP server over Streamable HTTP, driven by the SDK's own client against the real server on a free
// port: tools, resources and prompts answer from real data, and every refusal is the one a user expects.
import { describe, expect } from 'vitest';
import { tags } from '@stackyard/db/schema';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { call, mcpTest, ok, text } from '@stackyard/testing/mcp-harness';
import { createApiClient } from './api-client.ts';
import { fetchTransport } from './fetch-transport.ts';
import { fetchStack } from './stack.ts';

const test = mcpTest();

describe('the MCP server', () => {
  test('lists every tool with a schema, a description and annotations; resources and prompts', async ({
    mcp: { world, createToken, connect },
  }) => {
    const { token } = await createToken(world.owner, {});
    const client = await connect(token);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'add_comment',
        'add_resource',
        'add_tool',
        'compare_tools',
        'export_stack',
        'get_drift',
        'get_preferred_stack',
        'get_project',
        'get_resource_content',
        'get_tool',
        'list_projects',
        'list_tools',
        'list_workspaces',
        'rate_tool',
        'recommend_tool',
        'remove_tag',
        'search',
        'set_stance',
        'suggest_projects',
        'tag_item',
        'update_resource',
        'update_tool',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    expect(byName.get('get_preferred_stack')?.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(byName.get('rate_tool')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
      'stackyard://{workspace}/stack',
      'stackyard://{workspace}/tools/{slug}',
    ]);
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toContain(`stackyard://${world.slug}/stack`);
    expect(uris).toContain(`stackyard://${world.slug}/tools/drizzle-orm`);

    const stack = await client.readResource({ uri: `stackyard://${world.slug}/stack` });
    const markdown = stack.contents[0] && 'text' in stack.contents[0] ? stack.contents[0].text : '';
    // The workspace's AGENTS.md: what to prefer, what to avoid and why, by category.
    expect(markdown).toMatch(/^# AGENTS\.md\n/);
    const avoid = markdown.slice(markdown.indexOf('## Avoid'), markdown.indexOf('## Stack by category'));
    expect(markdown.slice(markdown.indexOf('## Prefer'), markdown.indexOf('## Avoid'))).toContain(
      'Drizzle ORM',
    );
    expect(avoid).toContain('Prisma');
    expect(avoid).toContain('deprecated: use Drizzle ORM instead');
    expect(avoid).not.toContain('Drizzle ORM]');
    expect(markdown).toContain('### ORM');
    expect(markdown).toContain('Team comment: SQL-like queries, no codegen step.');
    const tool = await client.readResource({ uri: `stackyard://${world.slug}/tools/vitest` });
    const json = JSON.parse(
      tool.contents[0] && 'text' in tool.contents[0] ? tool.contents[0].text : '{}',
    ) as Record<string, unknown>;
    expect(json).toMatchObject({ name: 'Vitest', rating: 4, tags: ['testing'] });

    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['choose_tool', 'start_project']);
    const prompt = await client.getPrompt({
      name: 'choose_tool',
      arguments: { need: 'an ORM', workspace: world.slug },
    });
    const message = prompt.messages[0]?.content;
    expect(message?.type === 'text' ? message.text : '').toContain('I need a tool for: an ORM');
  });

  test('answers "which ORM does this workspace prefer?" and the other read tools from real data', async ({
    mcp: { world, createToken, connect },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);

    const workspaces = await call(client, 'list_workspaces');
    expect(workspaces.structuredContent).toEqual({
      workspaces: [expect.objectContaining({ id: world.workspaceId, slug: world.slug, role: 'viewer' })],
    });

    // "Which ORM does this workspace prefer?" in one call: the category filter ignores case.
    const stack = await call(client, 'get_preferred_stack', { category: 'orm' });
    expect(stack.isError).toBeFalsy();
    expect(stack.structuredContent).toEqual({
      workspace: { id: world.workspaceId, slug: world.slug, name: 'Acme Web' },
      project: null,
      categories: [
        {
          name: 'ORM',
          tools: [
            expect.objectContaining({
              slug: 'drizzle-orm',
              stance: 'preferred',
              note: 'use for every new service',
              rating: 5,
              top_comment: 'SQL-like queries, no codegen step.',
            }),
            expect.objectContaining({
              slug: 'prisma',
              stance: 'avoid',
              note: 'deprecated: use Drizzle ORM instead',
              rating: 2,
              top_comment: null,
            }),
          ],
        },
      ],
      avoid: [
        { slug: 'prisma', name: 'Prisma', category: 'ORM', note: 'deprecated: use Drizzle ORM instead' },
      ],
    });
    const whole = await call(client, 'get_preferred_stack', { workspace: world.slug });
    expect(
      (whole.structuredContent as { categories: Array<{ name: string }> }).categories.map((c) => c.name),
    ).toEqual(['ORM', 'Testing']);
    const unknown = await call(client, 'get_preferred_stack', { category: 'bundler' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('No category "bundler" in this stack. Its categories: ORM, Testing.');
    const ofProject = await call(client, 'get_preferred_stack', { project: world.projectSlug });
    expect(ofProject.structuredContent).toMatchObject({
      project: { slug: world.projectSlug, name: 'Billing' },
      categories: [
        { name: 'ORM', tools: [{ slug: 'drizzle-orm' }] },
        { name: 'Testing', tools: [{ slug: 'vitest' }] },
      ],
      avoid: [],
    });

    // Prisma matches "ORM" too, but the team avoids it: never recommended, listed with the reason.
    const recommended = await call(client, 'recommend_tool', { need: 'a TypeScript ORM' });
    const answer = recommended.structuredContent as {
      recommendations: Array<{ slug: string; stance: string; why: string }>;
      avoided: Array<{ slug: string; note: string | null }>;
    };
    expect(answer.recommendations.map((tool) => tool.slug)).toEqual(['drizzle-orm']);
    expect(answer.recommendations[0]?.stance).toBe('preferred');
    expect(answer.recommendations[0]?.why).toContain(
      `the team's preferred choice for ORM ("use for every new service")`,
    );
    expect(answer.recommendations[0]?.why).toContain('rated 5/5 by the team');
    expect(answer.avoided).toEqual([
      { slug: 'prisma', name: 'Prisma', note: 'deprecated: use Drizzle ORM instead' },
    ]);

    const agents = await call(client, 'export_stack', { format: 'agents-md' });
    expect(agents.isError).toBeFalsy();
    const agentsFile = agents.structuredContent as { path: string; content_type: string; content: string };
    expect(agentsFile.path).toBe('AGENTS.md');
    expect(agentsFile.content_type).toMatch(/^text\/markdown/);
    expect(agentsFile.content).toContain('deprecated: use Drizzle ORM instead');
    expect(JSON.parse(text(agents))).toEqual(agents.structuredContent);
    const json = await call(client, 'export_stack', { format: 'stack-json', project: world.projectSlug });
    const jsonFile = json.structuredContent as { path: string; content: string };
    expect(jsonFile.path).toBe('stack.json');
    expect(JSON.parse(jsonFile.content)).toMatchObject({
      version: 2,
      project: { slug: world.projectSlug },
      categories: [
        { name: 'ORM', tools: [{ slug: 'drizzle-orm', stance: 'preferred' }] },
        { name: 'Testing', tools: [{ slug: 'vitest', stance: 'preferred' }] },
      ],
    });
    const badFormat = await call(client, 'export_stack', { format: 'pom-xml' });
    expect(badFormat.isError).toBe(true);
    expect(text(badFormat)).toContain('Format must be one of agents-md');

    const search = await call(client, 'search', {
      workspace: world.slug,
      query: 'testing framework',
      kinds: ['tool'],
    });
    expect(search.structuredContent).toMatchObject({ results: [{ kind: 'tool', slug: 'vitest' }] });

    const listed = await call(client, 'list_tools', { tag: 'orm', sort: 'name' });
    expect(listed.structuredContent).toMatchObject({
      tools: [{ slug: 'drizzle-orm' }, { slug: 'prisma' }],
      next_cursor: null,
    });
    const rated = await call(client, 'list_tools', { min_rating: 4 });
    expect(
      (rated.structuredContent as { tools: Array<{ slug: string }> }).tools.map((tool) => tool.slug),
    ).toEqual(['drizzle-orm', 'vitest']);

    const tool = await call(client, 'get_tool', { tool: 'drizzle-orm' });
    expect(tool.structuredContent).toMatchObject({
      name: 'Drizzle ORM',
      rating: 5,
      tags: ['orm'],
      comments: [{ content: 'SQL-like queries, no codegen step.' }],
      projects: [{ slug: world.projectSlug, name: 'Billing' }],
    });

    const projects = await call(client, 'list_projects');
    expect(projects.structuredContent).toMatchObject({ projects: [{ slug: world.projectSlug }] });
    const project = await call(client, 'get_project', { project: world.projectSlug });
    expect(project.structuredContent).toMatchObject({ name: 'Billing', tools: [{}, {}] });

    const missing = await call(client, 'get_tool', { tool: 'no-such-tool' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain(
      'No tool "no-such-tool" in this workspace. Search for it to find its slug.',
    );
  });

  test('reads one category from the API; "Other" and an unknown category read the whole stack', async ({
    mcp: { h, base, createToken, connect },
  }) => {
    // Its own user and workspace: a bundler in two spellings, and a tool nobody has put in a category.
    const owner = await h.user('mcp_bundlers');
    const workspace = ok<{ id: string }>(await h.as(owner).post('/workspaces', { name: 'Bundlers' }), 201);
    for (const [slug, category] of [
      ['vite', 'Bundler'],
      ['esbuild', 'bundler'],
      ['lodash', null],
    ] as const) {
      const { workspaceToolId } = await seedTool(h.db.db, {
        workspaceId: workspace.id,
        url: `https://${slug}.example/${workspace.id}`,
        slug,
        name: slug,
      });
      if (category) {
        ok(
          await h
            .as(owner)
            .put(`/tools/workspace/${workspaceToolId}/stance`, { stance: 'preferred', category }),
          200,
        );
      }
    }
    const { token } = await createToken(owner, { scope: 'read' });
    const client = await connect(token);
    const categoriesOf = async (category: string) => {
      const result = await call(client, 'get_preferred_stack', { workspace: workspace.id, category });
      const { categories } = result.structuredContent as {
        categories: Array<{ name: string; tools: Array<{ slug: string }> }>;
      };
      return categories.map((entry) => [entry.name, entry.tools.map((tool) => tool.slug)]);
    };
    expect(await categoriesOf('BUNDLER')).toEqual([
      ['Bundler', ['vite']],
      ['bundler', ['esbuild']],
    ]);
    expect(await categoriesOf('other')).toEqual([['Other', ['lodash']]]);
    const unknown = await call(client, 'get_preferred_stack', { workspace: workspace.id, category: 'ORM' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain(
      'No category "ORM" in this stack. Its categories: Bundler, bundler, Other.',
    );

    // What it asks the API for: the category alone when the API has it, the whole stack otherwise.
    const paths: string[] = [];
    const transport = fetchTransport(base);
    const api = createApiClient(async (request) => {
      paths.push(request.path);
      return transport(request);
    }, `Bearer ${token}`);
    for (const category of [' BUNDLER ', 'Other', 'ORM'])
      await fetchStack(api, workspace.id, undefined, category);
    const stack = `/workspaces/${workspace.id}/stack`;
    expect(paths).toEqual([`${stack}?category=BUNDLER`, stack, `${stack}?category=ORM`, stack]);
  });

  test('lets an editor change the catalog: rate, comment, tag, and add a tool and a resource through ingestion', async ({
    mcp: { fixture, world, createToken, connect },
  }) => {
    const { token } = await createToken(world.editor, {});
    const client = await connect(token);

    const rated = await call(client, 'rate_tool', { tool: 'prisma', rating: 3 });
    expect(rated.structuredContent).toMatchObject({ slug: 'prisma', rating: 3 });
    const commented = await call(client, 'add_comment', {
      kind: 'tool',
      item: 'prisma',
      content: 'Fine for prototypes.',
    });
    expect(commented.structuredContent).toMatchObject({ content: 'Fine for prototypes.' });
    const tagged = await call(client, 'tag_item', { kind: 'tool', item: 'vitest', tag: 'Favourites' });
    expect(tagged.structuredContent).toMatchObject({ tag: 'Favourites', created: true });
    const again = await call(client, 'tag_item', {
      kind: 'project',
      item: world.projectSlug,
      tag: 'favourites',
    });
    expect(again.structuredContent).toMatchObject({ tag: 'Favourites', created: false });

    const added = await call(client, 'add_tool', { url: `${fixture.origin}/tool`, wait_seconds: 20 });
    expect(added.isError, text(added)).toBeFalsy();
    expect(added.structuredContent).toMatchObject({
      status: 'completed',
      finished: true,
      tool: { name: 'Rocket' },
    });
    const resource = await call(client, 'add_resource', {
      url: `${fixture.origin}/plain/`,
      wait_seconds: 20,
    });
    expect(resource.structuredContent).toMatchObject({ status: 'completed', finished: true });
    const resourceId = (resource.structuredContent as { resource_id: string }).resource_id;
    const onResource = await call(client, 'add_comment', {
      kind: 'resource',
      item: resourceId,
      content: 'Read this.',
    });
    expect(onResource.structuredContent).toMatchObject({ content: 'Read this.' });
    const tagResource = await call(client, 'tag_item', {
      kind: 'resource',
      item: resourceId,
      tag: 'favourites',
    });
    expect(tagResource.structuredContent).toMatchObject({ created: false });

    const tool = await call(client, 'get_tool', { tool: 'prisma' });
    expect(tool.structuredContent).toMatchObject({
      rating: 3,
      comments: [{ content: 'Fine for prototypes.' }],
    });
  });

  test('refuses every write to a read token and to a viewer, saying why', async ({
    mcp: { fixture, world, createToken, connect },
  }) => {
    const reader = await connect((await createToken(world.owner, { scope: 'read' })).token);
    const viewer = await connect((await createToken(world.viewer, { scope: 'read_write' })).token);
    const writes: Array<[string, Record<string, unknown>]> = [
      ['rate_tool', { tool: 'vitest', rating: 1 }],
      ['add_comment', { kind: 'tool', item: 'vitest', content: 'No.' }],
      ['tag_item', { kind: 'tool', item: 'vitest', tag: 'orm' }],
      ['add_tool', { url: `${fixture.origin}/bare`, wait_seconds: 0 }],
      ['add_resource', { url: `${fixture.origin}/bare`, wait_seconds: 0 }],
    ];
    for (const [name, args] of writes) {
      const refused = await call(reader, name, args);
      expect(refused.isError, name).toBe(true);
      expect(text(refused)).toContain(
        'This access token can only read. Create a token with the read_write scope',
      );
    }
    for (const [name, args] of writes.filter(([name]) => name !== 'add_comment')) {
      const refused = await call(viewer, name, args);
      expect(refused.isError, name).toBe(true);
      expect(text(refused)).toMatch(/^Forbidden \(403\): Only editors and admins can/);
    }
    // Every member may comment, viewers too.
    expect(
      (await call(viewer, 'add_comment', { kind: 'tool', item: 'vitest', content: 'Fast.' })).isError,
    ).toBeFalsy();
    const tool = await call(reader, 'get_tool', { tool: 'vitest' });
    expect(tool.structuredContent).toMatchObject({ rating: 4 });
  });

  test('never shows another user’s workspace, and a restricted token sees only its own', async ({
    mcp: { h, world, createToken, connect },
  }) => {
    const stranger = await h.user('mcp_stranger');
    ok(await h.as(stranger).post('/workspaces', { name: 'Stranger Things' }), 201);
    const client = await connect((await createToken(stranger, {})).token);
    const listed = await call(client, 'list_workspaces');
    expect(
      (listed.structuredContent as { workspaces: Array<{ slug: string }> }).workspaces.map((w) => w.slug),
    ).toEqual(['stranger-things']);
    for (const workspace of [world.slug, world.workspaceId]) {
      const refused = await call(client, 'get_preferred_stack', { workspace });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain(
        `No workspace "${workspace}" among yours: stranger-things (Stranger Things).`,
      );
    }
    await expect(client.readResource({ uri: `stackyard://${world.slug}/stack` })).rejects.toThrow(
      /No workspace/,
    );
    // A tool id of the other workspace is not found either.
    const byId = await call(client, 'get_tool', { workspace: 'stranger-things', tool: world.drizzleId });
    expect(byId.isError).toBe(true);

    const spare = ok<{ id: string }>(
      await h.as(world.owner).post('/workspaces', { name: 'Owner Spare' }),
      201,
    );
    // An id from another of the caller's own workspaces is not taken as this workspace's.
    const everywhere = await connect((await createToken(world.owner, {})).token);
    const elsewhere = await call(everywhere, 'get_tool', { workspace: spare.id, tool: world.drizzleId });
    expect(text(elsewhere)).toContain(`No tool "${world.drizzleId}" in this workspace.`);
    const restricted = await connect((await createToken(world.owner, { workspace_id: spare.id })).token);
    const own = await call(restricted, 'list_workspaces');
    expect(
      (own.structuredContent as { workspaces: Array<{ id: string }> }).workspaces.map((w) => w.id),
    ).toEqual([spare.id]);
    expect(
      (await call(restricted, 'get_tool', { workspace: world.workspaceId, tool: 'vitest' })).isError,
    ).toBe(true);
  });

  test('speaks the 2025-11-25 revision to older clients, statelessly', async ({
    mcp: { world, createToken, connect },
  }) => {
    const { token } = await createToken(world.owner, { scope: 'read' });
    const client = await connect(token, { legacy: true });
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const result = await call(client, 'get_preferred_stack', { workspace: world.slug, category: 'testing' });
    expect(result.structuredContent).toMatchObject({
      categories: [{ name: 'Testing', tools: [{ slug: 'vitest', stance: 'preferred' }] }],
    });
  });

  // Last: it adds tags to the shared workspace.
  test('finds a tag by name among many more than one page of the tag list', async ({
    mcp: { h, world, createToken, connect },
  }) => {
    await h.db.db.insert(tags).values(
      Array.from({ length: 120 }, (_, index) => ({
        workspaceId: world.workspaceId,
        name: `area ${String(index).padStart(3, '0')}`,
        color: '#000000',
      })),
    );
    const { token } = await createToken(world.editor, {});
    const client = await connect(token);
    const listed = await call(client, 'list_tools', { tag: 'ORM', sort: 'name' });
    expect(listed.isError, text(listed)).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({ tools: [{ slug: 'drizzle-orm' }, { slug: 'prisma' }] });
    const tagged = await call(client, 'tag_item', { kind: 'tool', item: 'vitest', tag: 'orm' });
    expect(tagged.structuredContent).toMatchObject({ tag: 'orm', created: false });
  });
});
