import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SUGGESTION_FOCUS_MAX, suggestionListSchema } from '@stackyard/contracts/suggestion';
import type { ApiClient } from './api-client.ts';
import { inWorkspace } from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

// suggest_projects: the workspace's project suggestions, as the Ideas page shows them.

const suggestInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    focus: z
      .string()
      .trim()
      .max(SUGGESTION_FOCUS_MAX)
      .optional()
      .describe('What the project should be about, in words.'),
    cursor: z.string().max(200).optional().describe('The next_cursor of a previous answer, for more ideas.'),
  }),
);

const suggestOutput = convertedOnce(
  suggestionListSchema.extend({
    next_cursor: z.string().nullable().describe('Pass back as cursor for more ideas; null on the last page.'),
  }),
);

export function registerSuggestTool(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'suggest_projects',
    {
      title: 'Suggest projects',
      description:
        'Engineering projects proposed from the team’s own collection: each with a title, a two-sentence pitch, why it fits (which tools, which gaps), the workspace tools it uses (each with its role, a category the tool belongs to), an optional stretch category the collection lacks, difficulty, scope (weekend, week or month) and 3–6 milestones. Tools the team avoids never appear. `focus` steers the ideas ("something with realtime", "learn Rust"); pass `next_cursor` back as `cursor` for more. `mode` says whether the built-in engine or a language model answered; `too_few` says what to collect first when the workspace has too few tools.',
      inputSchema: suggestInput,
      outputSchema: suggestOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ workspace, focus, cursor }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const page = await api.page(suggestionListSchema, `/workspaces/${id}/suggestions`, {
            focus,
            cursor,
          });
          return structured({ ...page.items, next_cursor: page.nextCursor });
        }),
      ),
  );
}
