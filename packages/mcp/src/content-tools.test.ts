// get_resource_content over the real MCP endpoint: a saved copy comes back as Markdown, in parts when long,
// and a resource without a copy (or out of reach) is a tool error that says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedResource, seedResourceCopy } from '@stackyard/testing/catalog-seed';
import { call, createMcpHarness, text, type McpHarness } from '@stackyard/testing/mcp-harness';

let m: McpHarness;
let resourceId: string;
let bareId: string;

const html =
  '<h2>Getting started</h2><p>Install it with <code>npm i orbit</code>, then read <a href="https://orbit.example/docs">the docs</a>.</p>' +
  '<ul><li>fast</li><li>small</li></ul><pre><code>orbit build --watch</code></pre>' +
  `<blockquote><p>Keep it simple.</p></blockquote>${'<p>More words about orbit and its design. </p>'.repeat(60)}`;

beforeAll(async () => {
  m = await createMcpHarness();
  const { workspaceId } = m.world;
  resourceId = await seedResource(m.h.db.db, {
    workspaceId,
    url: 'https://orbit.example/guide',
    title: 'Orbit guide',
  });
  await seedResourceCopy(m.h.db.db, {
    workspaceId,
    resourceId,
    url: 'https://orbit.example/guide',
    text: 'Getting started. Install it with npm i orbit.',
    html,
    fetchedAt: new Date('2026-11-01T10:00:00Z'),
  });
  bareId = await seedResource(m.h.db.db, { workspaceId, url: 'https://orbit.example/bare' });
});

afterAll(() => m.close());

describe('get_resource_content', () => {
  it('answers the saved copy as Markdown, with its source and date', async () => {
    const { token } = await m.createToken(m.world.viewer, { scope: 'read' });
    const client = await m.connect(token);
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

  it('hands a long copy over in parts', async () => {
    const { token } = await m.createToken(m.world.viewer, { scope: 'read' });
    const client = await m.connect(token);
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

  it('says so when the resource has no saved copy, or is not in reach', async () => {
    const { token } = await m.createToken(m.world.viewer, { scope: 'read' });
    const client = await m.connect(token);
    const none = await call(client, 'get_resource_content', { resource: bareId });
    expect(none.isError).toBe(true);
    expect(text(none)).toContain('This resource has no saved copy');
    const stranger = await m.h.user(`mcp_stranger_${Date.now().toString(36)}`);
    const { token: strangerToken } = await m.createToken(stranger, { scope: 'read' });
    const refused = await call(await m.connect(strangerToken), 'get_resource_content', {
      resource: resourceId,
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('Resource not found');
    const malformed = await call(client, 'get_resource_content', { resource: 'not-an-id' });
    expect(malformed.isError).toBe(true);
  });
});
