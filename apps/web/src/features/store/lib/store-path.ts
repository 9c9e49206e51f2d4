/** The base path of the store calls of a workspace (spec §7: the calls made use /workspaces/{id}/store/). */
export const storePath = (workspaceId: string, rest: string): string =>
  `/workspaces/${encodeURIComponent(workspaceId)}/store/${rest}`;
