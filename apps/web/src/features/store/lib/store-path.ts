/** The base path of the store calls of a workspace (the API serves them under /github/ too). */
export const storePath = (workspaceId: string, rest: string): string =>
  `/workspaces/${encodeURIComponent(workspaceId)}/store/${rest}`;
