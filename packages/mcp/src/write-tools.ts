import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { commentSchema } from '@stackyard/contracts/comment';
import { resourceSchema } from '@stackyard/contracts/resource';
import { submissionSchema } from '@stackyard/contracts/ingestion';
import { tagSchema } from '@stackyard/contracts/tag';
import { toolSchema } from '@stackyard/contracts/tool';
import type { ApiClient } from './api-client.ts';
import {
  findTag,
  listTags,
  problem,
  resolveProject,
  resolveTool,
  inWorkspace,
  summarizeTool,
  toolSummarySchema,
} from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';
import { describeSubmission, submissionOutputSchema, waitForSubmission } from './submissions.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

// Every write goes through the API, which refuses it for a read-only token or a viewer with its own message.
const ADD = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const SET = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const WRITE_NOTE = 'Needs an editor or admin role and a read_write token.';

export interface WriteToolOptions {
  /** How long add_tool / add_resource wait for ingestion by default, in seconds. */
  waitSeconds: number;
}

// A 204 No Content answer.
const noContent = z.undefined();

export const itemKindSchema = z.enum(['tool', 'resource', 'project']).describe('What kind of item it is.');

const addInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    url: z.string().trim().min(1).max(2048).describe('The http(s) URL.'),
    wait_seconds: z
      .number()
      .min(0)
      .max(30)
      .optional()
      .describe('How long to wait for ingestion to finish (0: do not wait).'),
  }),
);
const rateInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    tool: z.string().min(1).max(200).describe('The tool’s slug or id.'),
    rating: z.number().int().min(1).max(5).nullable(),
  }),
);
const commentInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    kind: itemKindSchema,
    item: z
      .string()
      .min(1)
      .max(200)
      .describe('Tool: slug or id. Resource and project: id (a project also by slug).'),
    content: z.string().trim().min(1).max(10_000),
  }),
);
const commentOutput = convertedOnce(
  z.object({ id: z.string(), content: z.string(), created_at: z.string() }),
);
const tagInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    kind: itemKindSchema,
    item: z.string().min(1).max(200).describe('Tool: slug or id. Resource: id. Project: slug or id.'),
    tag: z.string().trim().min(1).max(50).describe('The tag’s name.'),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional()
      .describe('Colour of a new tag, e.g. #3b82f6.'),
  }),
);
const tagOutput = convertedOnce(z.object({ tag: z.string(), tag_id: z.string(), created: z.boolean() }));

const addOutput = convertedOnce(submissionOutputSchema);
const rateOutput = convertedOnce(toolSummarySchema);

export function registerWriteTools(server: McpServer, api: ApiClient, options: WriteToolOptions): void {
  for (const kind of ['tool', 'resource'] as const) {
    server.registerTool(
      `add_${kind}`,
      {
        title: kind === 'tool' ? 'Add a tool' : 'Add a resource',
        description:
          kind === 'tool'
            ? `Adds a tool (a library, framework or service) to the workspace from its URL (homepage or repository). stackyard fetches its metadata; this waits a few seconds for that and says whether it finished. ${WRITE_NOTE}`
            : `Saves a resource (an article, guide or any link worth keeping) to the workspace from its URL; its title and description are fetched. ${WRITE_NOTE}`,
        inputSchema: addInput,
        outputSchema: addOutput,
        annotations: { ...ADD, openWorldHint: true },
      },
      ({ workspace, url, wait_seconds }) =>
        answer(() =>
          inWorkspace(api, workspace, async (id) => {
            const submitted = await api.send(submissionSchema, 'POST', `/ingestion/${kind}s`, {
              workspace_id: id,
              submitted_url: url,
            });
            const settled = await waitForSubmission(
              api,
              submitted,
              (wait_seconds ?? options.waitSeconds) * 1000,
            );
            return structured(describeSubmission(settled));
          }),
        ),
    );
  }

  server.registerTool(
    'rate_tool',
    {
      title: 'Rate a tool',
      description: `Sets the workspace’s rating of a tool, 1 (avoid) to 5 (our favourite), or null to clear it. Ratings decide the preferred stack. ${WRITE_NOTE}`,
      inputSchema: rateInput,
      outputSchema: rateOutput,
      annotations: SET,
    },
    ({ workspace, tool, rating }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const found = await resolveTool(api, id, tool);
          const updated = await api.send(toolSchema, 'PUT', `/tools/workspace/${found.workspace_tool_id}`, {
            context: { rating },
          });
          return structured(summarizeTool(updated));
        }),
      ),
  );

  server.registerTool(
    'add_comment',
    {
      title: 'Comment on an item',
      description:
        'Adds a comment to a tool, resource or project, visible to the whole workspace: notes such as "we moved off this because …". Every member may comment, with a read_write token.',
      inputSchema: commentInput,
      outputSchema: commentOutput,
      annotations: ADD,
    },
    ({ workspace, kind, item, content }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const path = await itemPath(api, id, kind, item);
          const comment = await api.send(commentSchema, 'POST', `${path}/comments`, { content });
          return structured({ id: comment.id, content: comment.content, created_at: comment.created_at });
        }),
      ),
  );

  server.registerTool(
    'tag_item',
    {
      title: 'Tag an item',
      description: `Puts a tag (a category such as "orm" or "testing") on a tool, resource or project; the tag is created when the workspace has none of that name. Tags group the preferred stack. ${WRITE_NOTE}`,
      inputSchema: tagInput,
      outputSchema: tagOutput,
      annotations: SET,
    },
    ({ workspace, kind, item, tag, color }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const path = await itemPath(api, id, kind, item);
          const existing = findTag(await listTags(api, id, tag), tag);
          const target =
            existing ??
            (await api.send(tagSchema, 'POST', '/tags', {
              workspace_id: id,
              tag_name: tag,
              color: color ?? '#64748b',
            }));
          await api.send(noContent, 'PUT', `${path}/tags/${target.id}`);
          return structured({ tag: target.tag_name, tag_id: target.id, created: !existing });
        }),
      ),
  );
}

export async function itemPath(
  api: ApiClient,
  workspaceId: string,
  kind: 'tool' | 'resource' | 'project',
  item: string,
) {
  if (kind === 'tool')
    return `/tools/workspace/${(await resolveTool(api, workspaceId, item)).workspace_tool_id}`;
  if (kind === 'resource') {
    const resource = await api.get(resourceSchema, `/resources/${encodeURIComponent(item.trim())}`);
    if (resource.workspace_id !== workspaceId) throw problem(404, `No resource "${item}" in this workspace.`);
    return `/resources/workspace/${resource.workspace_resource_id}`;
  }
  return `/projects/${(await resolveProject(api, workspaceId, item)).id}`;
}
