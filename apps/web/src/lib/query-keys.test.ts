import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const WS = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

/** Caches a value under each key, invalidates one prefix, and names the keys that became stale. */
async function staleAfter(invalidated: QueryKey, cached: Record<string, QueryKey>): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(cached)) client.setQueryData(key, 'cached');
  await client.invalidateQueries({ queryKey: invalidated, refetchType: 'none' });
  return Object.entries(cached)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('queryKeys', () => {
  it("refreshes every cached view of a workspace's tools, and nothing of another workspace", async () => {
    const stale = await staleAfter(queryKeys.tools.workspace(WS), {
      list: queryKeys.tools.list(WS, { sort: 'recent', tag: null }),
      recent: queryKeys.tools.recent(WS),
      bySlug: queryKeys.tools.bySlug(WS, 'vite'),
      search: queryKeys.tools.search(WS, 'vi'),
      otherWorkspace: queryKeys.tools.recent(OTHER),
      resources: queryKeys.resources.recent(WS),
    });
    expect(stale).toEqual(['list', 'recent', 'bySlug', 'search']);
  });

  it('refreshes the tools lists of every workspace when a tag moves on a tool', async () => {
    const stale = await staleAfter(queryKeys.catalog('tool'), {
      here: queryKeys.tools.list(WS, { sort: 'name', tag: 'x' }),
      there: queryKeys.tools.recent(OTHER),
      projects: queryKeys.projects.recent(WS),
    });
    expect(stale).toEqual(['here', 'there']);
  });

  it("refreshes both kinds of submission and the dashboard's recent ones after a review", async () => {
    const stale = await staleAfter(queryKeys.ingestion.workspace(WS), {
      tools: queryKeys.ingestion.list(WS, 'tool'),
      resources: queryKeys.ingestion.list(WS, 'resource'),
      recent: queryKeys.ingestion.recent(WS),
      imports: queryKeys.ingestion.bookmarkImports(WS),
    });
    expect(stale).toEqual(['tools', 'resources', 'recent']);
  });

  it('refreshes the summary and members with the workspace list, and storage status with health', async () => {
    expect(
      await staleAfter(queryKeys.workspaces.all, {
        summary: queryKeys.workspaces.summary(WS),
        members: queryKeys.workspaces.members(WS),
        store: queryKeys.store.status(WS),
      }),
    ).toEqual(['summary', 'members']);
    expect(
      await staleAfter(queryKeys.store.workspace(WS), {
        setup: queryKeys.store.setup(WS),
        status: queryKeys.store.status(WS),
        health: queryKeys.store.health(WS),
        repositories: queryKeys.store.repositories(WS, 7),
        otherWorkspace: queryKeys.store.status(OTHER),
      }),
    ).toEqual(['setup', 'status', 'health', 'repositories']);
  });

  it('refreshes the tags of every item when a tag is renamed, and only its own comments on a new one', async () => {
    const tool = { kind: 'tool', id: WS } as const;
    const project = { kind: 'project', id: OTHER } as const;
    expect(
      await staleAfter(queryKeys.tags.allItems, {
        tool: queryKeys.tags.item(tool),
        project: queryKeys.tags.item(project),
        workspaceTags: queryKeys.tags.workspace(WS),
      }),
    ).toEqual(['tool', 'project']);
    expect(
      await staleAfter(queryKeys.comments(tool), {
        tool: queryKeys.comments(tool),
        project: queryKeys.comments(project),
      }),
    ).toEqual(['tool']);
  });
});
