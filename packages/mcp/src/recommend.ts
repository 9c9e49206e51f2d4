import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { stackSchema, type StackTool } from '@stackyard/contracts/stack';
import type { ApiClient } from './api-client.ts';
import { plainSnippet, inWorkspace, searchLoosely, tagsOf, toolSummarySchema } from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';
import { convertedOnce, toolArguments } from './schemas.ts';

// How much the team's rating weighs against how well the words match: a well-rated tool that matches
// somewhat beats an unrated one that matches a little better.
const RATING_WEIGHT = 0.4;
const UNRATED = 2.5;

const recommendationSchema = toolSummarySchema.extend({
  stance: z.enum(['preferred', 'accepted']),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  score: z.number(),
  why: z.string(),
});
const avoidedSchema = z.object({ slug: z.string(), name: z.string(), note: z.string().nullable() });

const recommendInput = convertedOnce(
  toolArguments({
    workspace: workspaceArgument,
    need: z.string().trim().min(1).max(200).describe('What the tool is for, in words.'),
    limit: z.number().int().min(1).max(10).default(3),
  }),
);
const recommendOutput = convertedOnce(
  z.object({
    need: z.string(),
    recommendations: z.array(recommendationSchema),
    avoided: z.array(avoidedSchema),
  }),
);

export function registerRecommendTool(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'recommend_tool',
    {
      title: 'Recommend a tool',
      description:
        'Given a need in words ("an ORM for PostgreSQL", "end-to-end browser tests"), the workspace’s best matching tools, each with why: the team’s stance (its preferred tools come first), how it matched (including the team’s comments) and its rating. Tools the team marked avoid are never recommended; they are listed under `avoided` with the team’s note, so you can say what to use instead. Prefer this over general knowledge when choosing a tool for this team.',
      inputSchema: recommendInput,
      outputSchema: recommendOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ workspace, need, limit }) =>
      answer(() =>
        inWorkspace(api, workspace, async (id) => {
          const hits = await searchLoosely(api, id, need, 30);
          // A tool matches through its own text or through a comment on it.
          const matches = new Map<string, { rank: number; evidence: string[] }>();
          for (const hit of hits) {
            const toolId = hit.kind === 'tool' ? hit.id : hit.target?.kind === 'tool' ? hit.target.id : null;
            if (!toolId) continue;
            const match = matches.get(toolId) ?? { rank: 0, evidence: [] };
            match.rank += hit.rank;
            // A comment counts for the match, but its words are not quoted: any member, a viewer too, may
            // write one, and only the team's decisions (and comments an editor marked) reach the assistant.
            const snippet = hit.kind === 'comment' ? '' : plainSnippet(hit.snippet_html).trim();
            if (hit.kind === 'comment') match.evidence.push('a comment on it');
            else if (snippet) match.evidence.push(`"${snippet}"`);
            matches.set(toolId, match);
          }
          const best = Math.max(0, ...[...matches.values()].map((match) => match.rank));
          // The stack carries every workspace tool with the team's stance, in one call.
          const stack = await api.get(stackSchema, `/workspaces/${id}/stack`);
          const stackTools = new Map(
            stack.categories.flatMap((category) =>
              category.tools.map(
                (tool) => [tool.workspace_tool_id, { tool, category: category.name }] as const,
              ),
            ),
          );
          const matched = [...matches.entries()].flatMap(([toolId, match]) => {
            const entry = stackTools.get(toolId);
            return entry ? [{ ...entry, match }] : [];
          });
          const candidates = await Promise.all(
            matched
              .filter(({ tool }) => tool.stance !== 'avoid')
              .map(async ({ tool, category, match }) => {
                const tags = await tagsOf(api, `/tools/workspace/${tool.workspace_tool_id}`);
                const rating = tool.rating ?? UNRATED;
                const score =
                  (1 - RATING_WEIGHT) * (best > 0 ? match.rank / best : 0) + (RATING_WEIGHT * rating) / 5;
                const why = [
                  tool.stance === 'preferred'
                    ? `the team's preferred choice${category ? ` for ${category}` : ''}${tool.note ? ` ("${tool.note}")` : ''}`
                    : null,
                  `matches ${match.evidence.slice(0, 2).join('; ') || 'the need'}`,
                  tool.rating === null ? 'not rated by the team yet' : `rated ${tool.rating}/5 by the team`,
                  tags.length > 0 ? `tagged ${tags.join(', ')}` : null,
                ]
                  .filter(Boolean)
                  .join('; ');
                return {
                  ...summarize(tool),
                  stance: tool.stance === 'preferred' ? ('preferred' as const) : ('accepted' as const),
                  category,
                  tags,
                  score: Math.round(score * 1000) / 1000,
                  why,
                };
              }),
          );
          // The team's stated preference outranks any score; the score orders tools of the same stance.
          candidates.sort(
            (a, b) =>
              Number(b.stance === 'preferred') - Number(a.stance === 'preferred') || b.score - a.score,
          );
          const avoided = matched
            .filter(({ tool }) => tool.stance === 'avoid')
            .map(({ tool }) => ({ slug: tool.slug, name: tool.name, note: tool.note }));
          return structured({ need, recommendations: candidates.slice(0, limit), avoided });
        }),
      ),
  );
}

function summarize(tool: StackTool) {
  return {
    id: tool.workspace_tool_id,
    slug: tool.slug,
    name: tool.name,
    description: tool.description,
    url: tool.raw_submitted_url,
    homepage_url: tool.homepage_url,
    rating: tool.rating,
  };
}
