import { ResourceNotFoundError, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { ApiProblem, type ApiClient } from './api-client.ts';
import { toolListSchema } from '@stackyard/contracts/tool';
import {
  commentsOf,
  listWorkspaces,
  resolveTool,
  resolveWorkspace,
  summarizeTool,
  tagsOf,
} from './catalog.ts';
import { exportFile } from './stack.ts';

// Listing every tool of every workspace would not fit a client's list; the newest are listed, the rest
// are reachable through the template.
const LISTED_TOOLS_PER_WORKSPACE = 50;

export function registerResources(server: McpServer, api: ApiClient): void {
  server.registerResource(
    'stack',
    new ResourceTemplate('stackyard://{workspace}/stack', {
      list: async () => ({
        resources: (await listWorkspaces(api)).map((workspace) => ({
          uri: `stackyard://${workspace.slug}/stack`,
          name: `${workspace.name}: preferred stack`,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {
      title: 'Preferred stack of a workspace',
      description:
        'The workspace’s stack as Markdown (its AGENTS.md): what to prefer, what to avoid and why, and every tool by category with ratings and the team’s comments marked for assistants.',
      mimeType: 'text/markdown',
    },
    (uri, variables) =>
      orNotFound(uri, async () => {
        const workspace = await resolveWorkspace(api, String(variables.workspace));
        // The same Markdown the AGENTS.md export writes, user text escaped there.
        const file = await exportFile(api, workspace.id, 'agents-md', undefined);
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: file.content }] };
      }),
  );

  server.registerResource(
    'tool',
    new ResourceTemplate('stackyard://{workspace}/tools/{slug}', {
      list: async () => {
        const workspaces = await listWorkspaces(api);
        const lists = await Promise.all(
          workspaces.map(async (workspace) => {
            const tools = await api.get(toolListSchema, '/tools', {
              workspace_id: workspace.id,
              sort: 'recent',
              limit: LISTED_TOOLS_PER_WORKSPACE,
            });
            return tools.map((tool) => ({
              uri: `stackyard://${workspace.slug}/tools/${tool.slug}`,
              name: `${tool.metadata.name ?? tool.slug} (${workspace.name})`,
              mimeType: 'application/json',
            }));
          }),
        );
        return { resources: lists.flat() };
      },
    }),
    {
      title: 'A tool of a workspace',
      description: 'One tool with its rating, tags and the team’s comments, as JSON.',
      mimeType: 'application/json',
    },
    (uri, variables) =>
      orNotFound(uri, async () => {
        const workspace = await resolveWorkspace(api, String(variables.workspace));
        const tool = await resolveTool(api, workspace.id, String(variables.slug));
        const path = `/tools/workspace/${tool.workspace_tool_id}`;
        const [tags, comments] = await Promise.all([tagsOf(api, path), commentsOf(api, path)]);
        const text = JSON.stringify({ ...summarizeTool(tool), tags, comments }, null, 2);
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
      }),
  );
}

/**
 * A resource of a workspace or tool the caller cannot see (or that does not exist) is "resource not found":
 * -32602 with the URI, which clients act on, not the internal error an uncaught refusal would become.
 */
async function orNotFound<T>(uri: URL, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) {
      throw new ResourceNotFoundError(uri.href, `Resource not found: ${uri.href} (${error.message})`);
    }
    throw error;
  }
}
