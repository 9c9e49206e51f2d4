// suggest_projects over Streamable HTTP with the SDK's own client, against the real server.
import { describe, expect } from 'vitest';
import type { SuggestionList } from '@stackyard/contracts/suggestion';
import { call, mcpTest, text } from '@stackyard/testing/mcp-harness';
import { seedCollection } from '@stackyard/testing/suggestion-seed';

/** What suggest_projects answers: the API's page and its cursor. */
type SuggestionPage = SuggestionList & { next_cursor: string | null };

const test = mcpTest();

describe('suggest_projects', () => {
  test('says what to collect first while the workspace has too few tools, then suggests from its tools', async ({
    mcp: { h, world, createToken, connect },
  }) => {
    const { token } = await createToken(world.viewer, { scope: 'read' });
    const client = await connect(token);

    // Drizzle and Vitest are usable; Prisma is avoided: too few to suggest from.
    const tooFew = await call(client, 'suggest_projects', { workspace: world.slug });
    expect(tooFew.isError).toBeFalsy();
    const empty = tooFew.structuredContent as SuggestionPage;
    expect(empty.items).toEqual([]);
    expect(empty.too_few).toMatchObject({ have: 2, need: 3 });
    expect(empty.next_cursor).toBeNull();
    expect(empty.too_few?.collect_first).toContain('Frontend framework');

    await seedCollection(h.db.db, world.workspaceId, [
      ['React', 'The library for web and native user interfaces', 5],
      ['Fastify', 'Fast and low overhead web framework, for Node.js', 4],
      ['PostgreSQL', 'The world’s most advanced open source relational database', null],
      ['Playwright', 'Reliable end-to-end testing for modern web apps', null],
    ]);
    const result = await call(client, 'suggest_projects', { workspace: world.slug, focus: 'a CRUD web app' });
    expect(result.isError).toBeFalsy();
    const list = result.structuredContent as SuggestionPage;
    expect(list.mode).toBe('builtin');
    expect(list.items[0]?.archetype).toBe('crud-web-app');
    const used = list.items.flatMap((item) => item.tools.map((tool) => tool.slug));
    expect(used).toContain('drizzle-orm');
    expect(used).not.toContain('prisma');
    expect(text(result)).toContain(list.items[0]?.title ?? 'missing');

    const more = await call(client, 'suggest_projects', { workspace: world.slug, cursor: list.next_cursor });
    const next = more.structuredContent as SuggestionPage;
    expect(next.items.map((item) => item.id)).not.toContain(list.items[0]?.id);

    const bad = await call(client, 'suggest_projects', { workspace: world.slug, cursor: 'nonsense' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('Invalid cursor');
  });
});
