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

const tool = { kind: 'tool', id: WS } as const;
const project = { kind: 'project', id: OTHER } as const;

// Each case: what a change invalidates, what is cached, and which of those must become stale.
const cases: Array<{
  when: string;
  invalidated: QueryKey;
  cached: Record<string, QueryKey>;
  stale: string[];
}> = [
  {
    when: "a workspace's tools change (and nothing of another workspace)",
    invalidated: queryKeys.tools.workspace(WS),
    cached: {
      list: queryKeys.tools.list(WS, { sort: 'recent', tag: null }),
      recent: queryKeys.tools.recent(WS),
      bySlug: queryKeys.tools.bySlug(WS, 'vite'),
      search: queryKeys.tools.search(WS, 'vi'),
      otherWorkspace: queryKeys.tools.recent(OTHER),
      resources: queryKeys.resources.recent(WS),
    },
    stale: ['list', 'recent', 'bySlug', 'search'],
  },
  {
    when: "a workspace's tools change (added, rated, stance set): its ideas for every focus",
    invalidated: queryKeys.tools.workspace(WS),
    cached: {
      ideas: queryKeys.suggestions.list(WS, ''),
      focused: queryKeys.suggestions.list(WS, 'realtime'),
      otherWorkspace: queryKeys.suggestions.list(OTHER, ''),
    },
    stale: ['ideas', 'focused'],
  },
  {
    when: 'a tag moves on a tool: the tools lists of every workspace',
    invalidated: queryKeys.catalog('tool'),
    cached: {
      here: queryKeys.tools.list(WS, { sort: 'name', tag: 'x' }),
      there: queryKeys.tools.recent(OTHER),
      projects: queryKeys.projects.recent(WS),
    },
    stale: ['here', 'there'],
  },
  {
    when: 'a tag is put on a tool: its tags and its suggested tags, not another item’s',
    invalidated: queryKeys.tags.item(tool),
    cached: {
      tags: queryKeys.tags.item(tool),
      suggestions: queryKeys.tags.suggestions(tool),
      projectSuggestions: queryKeys.tags.suggestions(project),
    },
    stale: ['tags', 'suggestions'],
  },
  {
    when: "a submission is reviewed: both kinds and the dashboard's recent ones",
    invalidated: queryKeys.ingestion.workspace(WS),
    cached: {
      tools: queryKeys.ingestion.list(WS, 'tool'),
      resources: queryKeys.ingestion.list(WS, 'resource'),
      recent: queryKeys.ingestion.recent(WS),
      imports: queryKeys.ingestion.bookmarkImports(WS),
    },
    stale: ['tools', 'resources', 'recent'],
  },
  {
    when: 'the workspace list changes: the summary and members with it',
    invalidated: queryKeys.workspaces.all,
    cached: {
      summary: queryKeys.workspaces.summary(WS),
      members: queryKeys.workspaces.members(WS),
      store: queryKeys.store.status(WS),
    },
    stale: ['summary', 'members'],
  },
  {
    when: "a repository action: the workspace's whole storage state",
    invalidated: queryKeys.store.workspace(WS),
    cached: {
      setup: queryKeys.store.setup(WS),
      status: queryKeys.store.status(WS),
      health: queryKeys.store.health(WS),
      repositories: queryKeys.store.repositories(WS, 7),
      otherWorkspace: queryKeys.store.status(OTHER),
    },
    stale: ['setup', 'status', 'health', 'repositories'],
  },
  {
    when: 'a tag is renamed: the tags of every item',
    invalidated: queryKeys.tags.allItems,
    cached: {
      tool: queryKeys.tags.item(tool),
      project: queryKeys.tags.item(project),
      workspaceTags: queryKeys.tags.workspace(WS),
    },
    stale: ['tool', 'project'],
  },
  {
    when: "a comment is added: that item's comments only",
    invalidated: queryKeys.comments(tool),
    cached: { tool: queryKeys.comments(tool), project: queryKeys.comments(project) },
    stale: ['tool'],
  },
];

describe('queryKeys', () => {
  it.each(cases)('refreshes what changes when $when', async ({ invalidated, cached, stale }) => {
    expect(await staleAfter(invalidated, cached)).toEqual(stale);
  });
});
