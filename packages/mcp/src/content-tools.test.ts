// get_resource_content over the real MCP endpoint: a saved copy comes back as Markdown, in parts when long,
// and a resource without a copy (or out of reach) is a tool error that says why.
import { describe, expect } from 'vitest';
import { seedResource, seedResourceCopy } from '@stackyard/testing/catalog-seed';
import { call, mcpTest, text } from '@stackyard/testing/mcp-harness';

const html =
  '<h2>Getting started</h2><p>Install it with <code>npm i orbit</code>, then read <a href="https://orbit.example/docs">the docs</a>.</p>' +
  '<ul><li>fast</li><li>small</li></ul><pre><code>orbit build --watch</code></pre>' +
  `<blockquote><p>Keep it simple.</p></blockquote>${'<p>More words about orbit and its design. </p>'.repeat(60)}`;

/** mcpTest with `resources`, seeded once per file: `resourceId` with a saved copy, `bareId` without one. */
const test = mcpTest().extend('resources', { scope: 'file' }, async ({ mcp: { h, world } }) => {
  const { workspaceId } = world;
  const resourceId = await seedResource(h.db.db, {
    workspaceId,
    url: 'https://orbit.example/guide',
    title: 'Orbit guide',
  });
  await seedResourceCopy(h.db.db, {
    workspaceId,
    resourceId,
    url: 'https://orbit.example/guide',
    text: 'Getting started. Install it with npm i orbit.',
    html,
    fetchedAt: new Date('2026-11-01T10:00:00Z'),
  });
  const bareId = await seedResource(h.db.db, { workspaceId, url: 'https://orbit.example/bare' });
  return { resourceId, bareId };
});

describe('get_resource_content', () => {
  test('answers the saved copy as Markdown, with its source and date', async ({
    mcp: { world, createToken, connect },
    resources: { resourceId },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);
    const result = await call(client, 'get_resource_content', { resource: resourceId });
    expect(result.isError).toBeFalsy();
    const content = result.structuredContent as Record<string, unknown>;
    expect(content).toMatchObject({
      id: resourceId,
      source_url: 'https://orbit.example/guide',
      fetched_at: '2026-11-01T10:00:00.000Z',
      next_offset: null,
      cut_when_saved: false,
    });
    const markdown = content.markdown as string;
    expect(markdown).toContain('## Getting started');
    expect(markdown).toContain(
      'Install it with `npm i orbit`, then read [the docs](https://orbit.example/docs).',
    );
    expect(markdown).toMatch(/^- {1,3}fast$/m);
    expect(markdown).toContain('```\norbit build --watch\n```');
    expect(markdown).toContain('> Keep it simple.');
    expect(markdown).not.toContain('<');
  });

  test('hands a long copy over in parts', async ({
    mcp: { world, createToken, connect },
    resources: { resourceId },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);
    const first = (await call(client, 'get_resource_content', { resource: resourceId, max_chars: 1_000 }))
      .structuredContent as { markdown: string; next_offset: number; total_chars: number };
    expect(first.markdown).toHaveLength(1_000);
    expect(first.next_offset).toBe(1_000);
    const rest = (
      await call(client, 'get_resource_content', { resource: resourceId, offset: 1_000, max_chars: 100_000 })
    ).structuredContent as { markdown: string; next_offset: number | null };
    expect(rest.next_offset).toBeNull();
    expect(first.markdown.length + rest.markdown.length).toBe(first.total_chars);
  });

  test('says so when the resource has no saved copy, or is not in reach', async ({
    mcp: { h, world, createToken, connect },
    resources: { resourceId, bareId },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);
    const none = await call(client, 'get_resource_content', { resource: bareId });
    expect(none.isError).toBe(true);
    expect(text(none)).toContain('This resource has no saved copy');
    const stranger = await h.user(`mcp_stranger_${Date.now().toString(36)}`);
    const { token: strangerToken } = await createToken(stranger, { scope: 'read' });
    const refused = await call(await connect(strangerToken), 'get_resource_content', {
      resource: resourceId,
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('Resource not found');
    const malformed = await call(client, 'get_resource_content', { resource: 'not-an-id' });
    expect(malformed.isError).toBe(true);
  });
});
