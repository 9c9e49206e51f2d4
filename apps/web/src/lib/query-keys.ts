/**
 * Every TanStack Query key of the web app. Keys nest by prefix: a workspace's tool list, its recent tools and a
 * tool by slug all start with `queryKeys.tools.workspace(id)`, so invalidating that prefix refreshes them all.
 * A mutation in one feature that changes another feature's data (an ingestion adding a tool) invalidates through
 * this module instead of importing the other feature.
 */

type CatalogKind = 'tool' | 'resource' | 'project';

const catalogRoots = { tool: 'tools', resource: 'resources', project: 'projects' } as const;

export const queryKeys = {
  session: ['session'] as const,
  loginFlow: ['identity', 'login-flow'] as const,
  /** A login flow the identity service sent the browser back with (/login?flow=), read for its messages. */
  givenLoginFlow: (flowId: string) => ['identity', 'given-login-flow', flowId] as const,
  /** The verification flow of /verify?flow=; the link in the mail lands there with it already passed. */
  verificationFlow: (flowId: string) => ['identity', 'verification-flow', flowId] as const,
  /** A failed self-service request's error, stored by the identity service for /error?id=. */
  flowError: (errorId: string) => ['identity', 'flow-error', errorId] as const,
  /** The signed-in user's other sessions (Settings → Account). */
  mySessions: ['identity', 'sessions'] as const,

  /** OAuth: a pending authorization request on the consent page, and the user's connected apps. */
  oauth: {
    authorization: (id: string) => ['oauth', 'authorization', id] as const,
    grants: ['oauth', 'grants'] as const,
  },

  profile: ['profile'] as const,
  /** What deleting the account would do (GET /me/deletion). */
  accountDeletion: ['account', 'deletion'] as const,
  usernameCheck: (username: string) => ['profile', 'username-check', username] as const,
  userSearch: (prefix: string) => ['users', 'search', prefix] as const,

  workspaces: {
    /** The caller's workspaces; also the prefix of every key below it. */
    all: ['workspaces'] as const,
    summary: (workspaceId: string) => ['workspaces', workspaceId, 'summary'] as const,
    members: (workspaceId: string) => ['workspaces', workspaceId, 'members'] as const,
    tagSuggestionSettings: (workspaceId: string) =>
      ['workspaces', workspaceId, 'tag-suggestion-settings'] as const,
  },

  search: (workspaceId: string, q: string) => ['search', workspaceId, q] as const,

  /** Every cached list of one kind of catalog item, in every workspace. */
  catalog: (kind: CatalogKind) => [catalogRoots[kind]] as const,

  tools: {
    workspace: (workspaceId: string) => ['tools', workspaceId] as const,
    list: <F extends object>(workspaceId: string, filters: F) => ['tools', workspaceId, filters] as const,
    recent: (workspaceId: string) => ['tools', workspaceId, 'recent'] as const,
    bySlug: (workspaceId: string, slug: string) => ['tools', workspaceId, 'slug', slug] as const,
    search: (workspaceId: string, q: string) => ['tools', workspaceId, 'search', q] as const,
    stance: (workspaceId: string, toolId: string) => ['tools', workspaceId, 'stance', toolId] as const,
    /** The first tools with one tag, where the tool detail looks for tools to compare with. */
    /** The tools to propose for "Compare with…": tags change them, so they sit under the workspace's tools. */
    similar: (workspaceId: string, toolId: string) => ['tools', workspaceId, 'similar', toolId] as const,
  },

  compare: {
    /** Every comparison: a tool's refreshed facts may appear in any of them. */
    all: ['compare'] as const,
    /** A comparison of tools (by slug, in order) in a workspace. */
    tools: (workspaceId: string, slugs: readonly string[]) => ['compare', workspaceId, ...slugs] as const,
  },

  /** The workspace's items whose link check found something (Needs attention). */
  health: (workspaceId: string) => ['health', workspaceId] as const,

  /** A tool's facts (stars, releases, downloads…), global to the tool. */
  facts: (toolId: string) => ['facts', toolId] as const,

  drift: (workspaceId: string, projectId: string | null) =>
    ['drift', workspaceId, projectId ?? 'workspace'] as const,

  stack: {
    workspace: (workspaceId: string) => ['stack', workspaceId] as const,
    exportFile: (workspaceId: string, format: string, projectId: string | null) =>
      ['stack', workspaceId, 'export', format, projectId ?? 'workspace'] as const,
    // Under the stack: a stance changed redraws the radar.
    radar: (workspaceId: string) => ['stack', workspaceId, 'radar'] as const,
    radarSettings: (workspaceId: string) => ['stack', workspaceId, 'radar', 'settings'] as const,
  },

  // Under the workspace's tools: ideas are drawn from them, so whatever changes the tools makes the ideas stale.
  suggestions: {
    workspace: (workspaceId: string) => ['tools', workspaceId, 'suggestions'] as const,
    list: (workspaceId: string, focus: string) => ['tools', workspaceId, 'suggestions', focus] as const,
    nextSteps: (workspaceId: string) => ['tools', workspaceId, 'next-steps'] as const,
  },

  resources: {
    workspace: (workspaceId: string) => ['resources', workspaceId] as const,
    list: <F extends object>(workspaceId: string, filters: F) => ['resources', workspaceId, filters] as const,
    recent: (workspaceId: string) => ['resources', workspaceId, 'recent'] as const,
    // By id alone: the resource page knows no workspace before the resource is loaded.
    byId: (resourceId: string) => ['resources', 'by-id', resourceId] as const,
    copy: (resourceId: string) => ['resources', 'by-id', resourceId, 'copy'] as const,
    search: (workspaceId: string, q: string) => ['resources', workspaceId, 'search', q] as const,
  },

  projects: {
    workspace: (workspaceId: string) => ['projects', workspaceId] as const,
    list: <F extends object>(workspaceId: string, filters: F) => ['projects', workspaceId, filters] as const,
    recent: (workspaceId: string) => ['projects', workspaceId, 'recent'] as const,
    bySlug: (workspaceId: string, slug: string) => ['projects', workspaceId, 'slug', slug] as const,
    tools: (projectId: string) => ['project-tools', projectId] as const,
  },

  tags: {
    workspace: (workspaceId: string) => ['tags', workspaceId] as const,
    /** Pages of the tags whose name contains the text, under the workspace's: a tag change refreshes them. */
    search: (workspaceId: string, q: string) => ['tags', workspaceId, 'search', q] as const,
    /** The tags on every item; a renamed or deleted tag changes them all. */
    allItems: ['item-tags'] as const,
    item: (item: { kind: CatalogKind; id: string }) => ['item-tags', item.kind, item.id] as const,
    /** Under the item's tags: putting a tag on the item (or renaming one) changes what is suggested. */
    suggestions: (item: { kind: CatalogKind; id: string }) =>
      ['item-tags', item.kind, item.id, 'suggestions'] as const,
  },

  comments: (item: { kind: CatalogKind; id: string }) => ['comments', item.kind, item.id] as const,

  ingestion: {
    /** Both kinds of submission of a workspace, and the dashboard's recent ones. */
    workspace: (workspaceId: string) => ['ingestion', workspaceId] as const,
    list: (workspaceId: string, kind: 'tool' | 'resource') => ['ingestion', workspaceId, kind] as const,
    recent: (workspaceId: string) => ['ingestion', workspaceId, 'dashboard'] as const,
    bookmarkImports: (workspaceId: string) => ['bookmark-imports', workspaceId] as const,
  },

  // Every repository action invalidates store.workspace(id), which refreshes its status and health at once.
  store: {
    workspace: (workspaceId: string) => ['store', workspaceId] as const,
    setup: (workspaceId: string) => ['store', workspaceId, 'setup'] as const,
    status: (workspaceId: string) => ['store', workspaceId, 'status'] as const,
    health: (workspaceId: string) => ['store', workspaceId, 'health'] as const,
    export: (workspaceId: string) => ['store', workspaceId, 'export'] as const,
    repositories: (workspaceId: string, installationId: number | null) =>
      ['store', workspaceId, 'repositories', installationId] as const,
  },
};
