import type { McpServer } from '@modelcontextprotocol/server';
import TurndownService from 'turndown';
import { z } from 'zod';
import { resourceCopySchema } from '@stackyard/contracts/resource';
import type { ApiClient } from './api-client.ts';
import { answer, structured } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const getResourceContentInput = convertedOnce(
  toolArguments({
    resource: z.uuid().describe('The resource’s id, as search or a tool’s results name it.'),
    offset: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe('Where to start reading the Markdown (next_offset of the previous call).'),
    max_chars: z
      .number()
      .int()
      .min(1_000)
      .max(100_000)
      .default(40_000)
      .describe('At most this many characters.'),
  }),
);
const getResourceContentOutput = convertedOnce(
  z.object({
    id: z.string(),
    title: z.string().nullable(),
    byline: z.string().nullable(),
    source_url: z.string(),
    fetched_at: z.string(),
    markdown: z.string(),
    total_chars: z.number(),
    next_offset: z.number().nullable(),
    cut_when_saved: z.boolean(),
  }),
);

// The saved copy holds only allow-listed elements (sanitised on ingestion), which Turndown's defaults cover;
// ATX headings and fenced code read best for a model.
const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});

export function registerContentTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'get_resource_content',
    {
      title: 'Read a saved resource',
      description:
        'The readable copy stackyard saved of a resource’s page (an article, a doc), as Markdown: read the team’s curated material even when the site is down or gone. Long copies come in parts: pass next_offset back as offset. Fails when the resource has no saved copy.',
      inputSchema: getResourceContentInput,
      outputSchema: getResourceContentOutput,
      annotations: READ,
    },
    ({ resource, offset, max_chars }) =>
      answer(async () => {
        const copy = await api.get(resourceCopySchema, `/resources/${resource}/copy`);
        const markdown = turndown.turndown(copy.html);
        const end = offset + max_chars;
        return structured({
          id: copy.workspace_resource_id,
          title: copy.title,
          byline: copy.byline,
          source_url: copy.source_url,
          fetched_at: copy.fetched_at,
          markdown: markdown.slice(offset, end),
          total_chars: markdown.length,
          next_offset: end < markdown.length ? end : null,
          cut_when_saved: copy.truncated,
        });
      }),
  );
}
