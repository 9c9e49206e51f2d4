// compare_tools over Streamable HTTP with the SDK's client: the same comparison as GET /compare, structured,
// with a Markdown table as text; a bad list of tools is a tool error the model can act on.
import { describe, expect } from 'vitest';
import { compareResponseSchema } from '@stackyard/contracts/compare';
import { call, mcpTest, text } from '@stackyard/testing/mcp-harness';

const test = mcpTest();

describe('compare_tools', () => {
  test('compares the workspace’s tools: structured like the API, Markdown as text', async ({
    mcp: { world, createToken, connect },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);
    const result = await call(client, 'compare_tools', {
      workspace: world.slug,
      tools: ['drizzle-orm', 'prisma'],
    });
    expect(result.isError).toBeFalsy();
    const comparison = compareResponseSchema.parse(result.structuredContent);
    expect(comparison.tools.map((tool) => [tool.slug, tool.team_view.rating])).toEqual([
      ['drizzle-orm', 5],
      ['prisma', 2],
    ]);
    expect(comparison.rows.find((row) => row.key === 'rating')?.best).toEqual([world.drizzleId]);
    const markdown = text(result);
    expect(markdown).toContain('# Comparison: Drizzle ORM vs Prisma');
    expect(markdown).toContain('| Rating | **5/5** | 2/5 |');
    expect(markdown).toContain('| Stance | **preferred** | avoid |');
  });

  test('explains an unknown tool as a tool error', async ({ mcp: { world, createToken, connect } }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);
    const result = await call(client, 'compare_tools', {
      workspace: world.slug,
      tools: ['drizzle-orm', 'nope'],
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('No tool "nope" in this workspace');
  });
});
