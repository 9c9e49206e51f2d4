import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  STACK_EXPORT_FORMATS,
  STACK_EXPORT_PATHS,
  stackExportFormatSchema,
} from '@stackyard/contracts/stack';
import type { ApiClient } from './api-client.ts';
import { inWorkspace } from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';
import { exportFile, fetchStack, preferredStackSchema, summarizeStack } from './stack.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const projectArgument = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe(
    'A project (slug or id, see list_projects): only the tools it uses. The whole workspace when left out.',
  );

const preferredStackInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    category: z
      .string()
      .max(60)
      .optional()
      .describe('Only this category, by name (any case), e.g. "orm". All categories when left out.'),
    project: projectArgument,
  }),
);
const exportStackInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    format: stackExportFormatSchema.describe('Which file: agents-md (AGENTS.md) suits most assistants.'),
    project: projectArgument,
  }),
);
const exportStackOutput = convertedOnce(
  z.object({
    format: z.string(),
    path: z.string(),
    content_type: z.string(),
    content: z.string(),
  }),
);

const preferredStackOutput = convertedOnce(preferredStackSchema);

export function registerStackTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'get_preferred_stack',
    {
      title: 'Get the preferred stack',
      description:
        'The tools this team has chosen, by category (e.g. "ORM", "Testing"): in each category the tools it prefers first, then the ones it accepts, then the ones to avoid, each with its stance, the team’s rating (1–5), a note (e.g. "deprecated: use X instead") and the team’s comment an editor marked for assistants. `avoid` repeats the tools not to use. Call it with a category to answer "which ORM does this workspace prefer?" in one call, and follow it when writing code for this team: use preferred tools, never suggest one marked avoid.',
      inputSchema: preferredStackInput,
      outputSchema: preferredStackOutput,
      annotations: READ,
    },
    ({ workspace, category, project }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) =>
          structured(summarizeStack(await fetchStack(api, id, project, category), category)),
        ),
      ),
  );

  server.registerTool(
    'export_stack',
    {
      title: 'Export the stack for an AI assistant',
      description: `The team's preferred stack as one ready-to-commit file for coding assistants or package managers: ${STACK_EXPORT_FORMATS.map((format) => `${format} (${STACK_EXPORT_PATHS[format]})`).join(', ')}. Answers the file's path in a repository and its content; write it there to make an assistant follow the team's choices.`,
      inputSchema: exportStackInput,
      outputSchema: exportStackOutput,
      annotations: READ,
    },
    ({ workspace, format, project }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) =>
          structured({ ...(await exportFile(api, id, format, project)) }),
        ),
      ),
  );
}
