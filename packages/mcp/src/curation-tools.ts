import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  STANCE_CATEGORY_MAX,
  STANCE_NOTE_MAX,
  toolStanceRecordSchema,
  toolStanceSchema,
} from '@stackyard/contracts/stack';
import type { ApiClient } from './api-client.ts';
import { findTag, inWorkspace, listTags, problem, resolveTool } from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';
import { itemKindSchema, itemPath } from './write-tools.ts';

// The team's curation from an assistant: its stance on a tool, and taking a tag off an item.

const SET = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const REMOVE = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

const WRITE_NOTE = 'Needs an editor or admin role and a read_write token.';

const stanceInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    tool: z.string().min(1).max(200).describe('The tool’s slug or id.'),
    stance: toolStanceSchema.describe(
      'preferred: reach for it; accepted: fine to use; avoid: do not introduce it.',
    ),
    category: z
      .string()
      .max(STANCE_CATEGORY_MAX)
      .nullable()
      .optional()
      .describe('Its category in the stack, e.g. "ORM". Kept when left out; null clears it.'),
    note: z
      .string()
      .max(STANCE_NOTE_MAX)
      .nullable()
      .optional()
      .describe(
        'Why, in one line, e.g. "deprecated: use Drizzle instead". Kept when left out; null clears it.',
      ),
  }),
);
const stanceOutput = convertedOnce(
  z.object({
    tool: z.string(),
    stance: toolStanceSchema,
    category: z.string().nullable(),
    note: z.string().nullable(),
    set_by: z.string().nullable(),
    set_at: z.string().nullable(),
  }),
);
const removeTagInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    kind: itemKindSchema,
    item: z.string().min(1).max(200).describe('Tool: slug or id. Resource: id. Project: slug or id.'),
    tag: z.string().trim().min(1).max(50).describe('The tag’s name (or id).'),
  }),
);
const removeTagOutput = convertedOnce(
  z.object({ tag: z.string(), tag_id: z.string(), removed: z.boolean() }),
);

export function registerCurationTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'set_stance',
    {
      title: 'Set the team’s stance on a tool',
      description: `Sets whether the team prefers, accepts or avoids a tool, with its category and a one-line note: what get_preferred_stack and the exported assistant files say about it. ${WRITE_NOTE}`,
      inputSchema: stanceInput,
      outputSchema: stanceOutput,
      annotations: SET,
    },
    ({ workspace, tool, stance, category, note }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const found = await resolveTool(api, id, tool);
          const path = `/tools/workspace/${found.workspace_tool_id}/stance`;
          // The API replaces the whole stance: what the call leaves out keeps its current value.
          const current =
            category === undefined || note === undefined ? await api.get(toolStanceRecordSchema, path) : null;
          const record = await api.send(toolStanceRecordSchema, 'PUT', path, {
            stance,
            category: category === undefined ? (current?.category ?? null) : category,
            note: note === undefined ? (current?.note ?? null) : note,
          });
          return structured({
            tool: found.slug,
            stance: record.stance,
            category: record.category,
            note: record.note,
            set_by: record.updated_by_username,
            set_at: record.updated_at,
          });
        }),
      ),
  );

  server.registerTool(
    'remove_tag',
    {
      title: 'Remove a tag from an item',
      description: `Takes a tag off a tool, resource or project (the tag itself stays in the workspace). ${WRITE_NOTE}`,
      inputSchema: removeTagInput,
      outputSchema: removeTagOutput,
      annotations: REMOVE,
    },
    ({ workspace, kind, item, tag }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const path = await itemPath(api, id, kind, item);
          const found = findTag(await listTags(api, id), tag);
          if (!found) throw problem(404, `No tag "${tag}" in this workspace.`);
          await api.send(z.undefined(), 'DELETE', `${path}/tags/${found.id}`);
          return structured({ tag: found.tag_name, tag_id: found.id, removed: true });
        }),
      ),
  );
}
