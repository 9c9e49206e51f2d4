import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { resourceSchema, type Resource } from '@stackyard/contracts/resource';
import { toolSchema, type Tool } from '@stackyard/contracts/tool';
import { ApiProblem, type ApiClient } from './api-client.ts';
import { inWorkspace, problem, resolveTool, summarizeTool, toolSummarySchema } from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

// Corrections of what ingestion found, through the same PATCH calls as the web app: the API validates the
// fields and refuses a viewer or a read-only token with its own message.
const SET = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const EDIT_NOTE =
  'Only the fields given change; the workspace keeps them when the metadata is refreshed. Needs an editor or admin role and a read_write token.';

const link = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .nullable()
    .optional()
    .describe(`${what} (http or https); null removes it.`);

const updateToolInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    tool: z.string().min(1).max(200).describe('The tool’s slug or id.'),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('The name to show instead of the extracted one.'),
    description: z
      .string()
      .trim()
      .max(2000)
      .nullable()
      .optional()
      .describe('One or two sentences; null removes it.'),
    homepage_url: link('The tool’s homepage'),
    forge_url: link('The source repository, e.g. https://github.com/owner/name'),
    documentation_url: link('The tool’s documentation'),
    icon_url: link('An image to show as the tool’s icon, fetched and kept by stackyard'),
  }),
);

const updateResourceInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    resource: z.string().min(1).max(200).describe('The resource’s id (see search).'),
    title: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .nullable()
      .optional()
      .describe('The title; null shows the URL instead.'),
    description: z.string().trim().max(2000).nullable().optional().describe('A summary; null removes it.'),
    url: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .optional()
      .describe('The link (http or https). Refused when another resource of the workspace already has it.'),
    icon_url: link('An image to show as the resource’s icon, fetched and kept by stackyard'),
  }),
);

const updatedToolOutput = convertedOnce(
  toolSummarySchema.extend({
    forge_url: z.string().nullable(),
    documentation_url: z.string().nullable(),
    edited_fields: z.array(z.string()),
  }),
);

const updatedResourceOutput = convertedOnce(
  z.object({
    id: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    url: z.string(),
    edited_fields: z.array(z.string()),
  }),
);

/** The arguments that were given, without the ones naming the workspace and the item. */
function changes<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function describeTool(tool: Tool) {
  return {
    ...summarizeTool(tool),
    forge_url: tool.metadata.canonical_links.forge_url,
    documentation_url: tool.metadata.canonical_links.documentation_url,
    edited_fields: tool.edited_fields,
  };
}

function describeResource(resource: Resource) {
  return {
    id: resource.workspace_resource_id,
    title: resource.metadata.extracted_title,
    description: resource.metadata.extracted_description,
    url: resource.raw_submitted_url,
    edited_fields: resource.edited_fields,
  };
}

/** A resource of the workspace by its id; another workspace's, or none, is "not found" in this one. */
export async function resolveResource(api: ApiClient, workspaceId: string, id: string): Promise<Resource> {
  const notFound = problem(404, `No resource "${id}" in this workspace. Use search to find its id.`);
  try {
    const found = await api.get(resourceSchema, `/resources/${encodeURIComponent(id.trim())}`);
    if (found.workspace_id !== workspaceId) throw notFound;
    return found;
  } catch (error) {
    // A malformed id is refused by the API with a 400; to the model it is simply not a resource here.
    if (error instanceof ApiProblem && (error.status === 404 || error.status === 400)) throw notFound;
    throw error;
  }
}

export function registerEditTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'update_tool',
    {
      title: 'Correct a tool',
      description: `Corrects a tool of the workspace: its name, description, homepage, repository (forge_url), documentation URL or icon. ${EDIT_NOTE}`,
      inputSchema: updateToolInput,
      outputSchema: updatedToolOutput,
      annotations: SET,
    },
    ({ workspace, tool, ...fields }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const found = await resolveTool(api, id, tool);
          const updated = await api.send(
            toolSchema,
            'PATCH',
            `/tools/workspace/${found.workspace_tool_id}`,
            changes(fields),
          );
          return structured(describeTool(updated));
        }),
      ),
  );

  server.registerTool(
    'update_resource',
    {
      title: 'Correct a resource',
      description: `Corrects a saved resource (link) of the workspace: its title, description, URL or icon. ${EDIT_NOTE}`,
      inputSchema: updateResourceInput,
      outputSchema: updatedResourceOutput,
      annotations: SET,
    },
    ({ workspace, resource, ...fields }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const found = await resolveResource(api, id, resource);
          const updated = await api.send(
            resourceSchema,
            'PATCH',
            `/resources/${found.workspace_resource_id}`,
            changes(fields),
          );
          return structured(describeResource(updated));
        }),
      ),
  );
}
