import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  compareResponseSchema,
  compareToMarkdown,
} from '@stackyard/contracts/compare';
import { withQuery, type ApiClient } from './api-client.ts';
import { inWorkspace } from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const compareInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    tools: z
      .array(z.string().min(1).max(200))
      .min(COMPARE_MIN)
      .max(COMPARE_MAX)
      .describe(`The tools' slugs, ${COMPARE_MIN} to ${COMPARE_MAX}, e.g. ["vite", "webpack"].`),
    differences_only: z.boolean().optional().describe('Only the rows where the tools differ, in the text.'),
  }),
);

const compareOutput = convertedOnce(compareResponseSchema);

export function registerCompareTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'compare_tools',
    {
      title: 'Compare tools side by side',
      description: `Compares ${COMPARE_MIN} to ${COMPARE_MAX} tools of the workspace (by slug, see search_tools or list_tools): per tool the overview (licence, repository), adoption (GitHub stars, package downloads), maintenance (last release, last push, open issues, archived, OpenSSF Scorecard) and the team’s view (rating, stance, tags, projects using it, comments). Each row says which tool is best where that is objective and whether the tools differ. The text answer is a Markdown table with the best values in bold.`,
      inputSchema: compareInput,
      outputSchema: compareOutput,
      annotations: READ,
    },
    ({ workspace, tools, differences_only }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const comparison = await api.get(
            compareResponseSchema,
            withQuery(`/workspaces/${id}/compare`, { tools: tools.join(',') }),
          );
          return {
            content: [
              { type: 'text', text: compareToMarkdown(comparison, { differencesOnly: differences_only }) },
            ],
            structuredContent: comparison,
          };
        }),
      ),
  );
}
