// The cached store data of one workspace. Every repository action invalidates storeKeys.workspace(id), which
// refreshes its status and health at once (spec §4).
export const storeKeys = {
  workspace: (workspaceId: string) => ['store', workspaceId] as const,
  setup: (workspaceId: string) => ['store', workspaceId, 'setup'] as const,
  status: (workspaceId: string) => ['store', workspaceId, 'status'] as const,
  health: (workspaceId: string) => ['store', workspaceId, 'health'] as const,
  repositories: (workspaceId: string, installationId: number | null) =>
    ['store', workspaceId, 'repositories', installationId] as const,
};

/** The base path of the store calls of a workspace (spec §7: the calls made use /workspaces/{id}/store/). */
export const storePath = (workspaceId: string, rest: string): string =>
  `/workspaces/${encodeURIComponent(workspaceId)}/store/${rest}`;
