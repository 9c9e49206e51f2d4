import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { toolSchema } from '@stackyard/contracts/tool';
import type { ApiClient } from './api-client.ts';
import {
  plainSnippet,
  resolveWorkspace,
  searchLoosely,
  summarizeTool,
  tagsOf,
  toolSummarySchema,
} from './catalog.ts';
import { workspaceArgument } from './read-tools.ts';
import { answer, structured } from './results.ts';

// How much the team's rating weighs against how well the words match: a well-rated tool that matches
// somewhat beats an unrated one that matches a little better.
const RATING_WEIGHT = 0.4;
const UNRATED = 2.5;

const recommendationSchema = toolSummarySchema.extend({
  tags: z.array(z.string()),
  score: z.number(),
  why: z.string(),
});

export function registerRecommendTool(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'recommend_tool',
    {
      title: 'Recommend a tool',
      description:
        'Given a need in words ("an ORM for PostgreSQL", "end-to-end browser tests"), the workspace’s best matching tools, each with why: how it matched (including the team’s comments) and its rating. Prefer this over general knowledge when choosing a tool for this team.',
      inputSchema: z.object({
        workspace: workspaceArgument,
        need: z.string().trim().min(1).max(200).describe('What the tool is for, in words.'),
        limit: z.number().int().min(1).max(10).default(3),
      }),
      outputSchema: z.object({ need: z.string(), recommendations: z.array(recommendationSchema) }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ workspace, need, limit }) =>
      answer(async () => {
        const { id } = await resolveWorkspace(api, workspace);
        const hits = await searchLoosely(api, id, need, 30);
        // A tool matches through its own text or through a comment on it.
        const matches = new Map<string, { rank: number; evidence: string[] }>();
        for (const hit of hits) {
          const toolId = hit.kind === 'tool' ? hit.id : hit.target?.kind === 'tool' ? hit.target.id : null;
          if (!toolId) continue;
          const match = matches.get(toolId) ?? { rank: 0, evidence: [] };
          match.rank += hit.rank;
          const snippet = plainSnippet(hit.snippet_html).trim();
          if (snippet)
            match.evidence.push(hit.kind === 'comment' ? `a comment says "${snippet}"` : `"${snippet}"`);
          matches.set(toolId, match);
        }
        const best = Math.max(0, ...[...matches.values()].map((match) => match.rank));
        const candidates = await Promise.all(
          [...matches.entries()].map(async ([toolId, match]) => {
            const path = `/tools/workspace/${toolId}`;
            const [tool, tags] = await Promise.all([api.get(toolSchema, path), tagsOf(api, path)]);
            const summary = summarizeTool(tool);
            const rating = summary.rating ?? UNRATED;
            const score =
              (1 - RATING_WEIGHT) * (best > 0 ? match.rank / best : 0) + (RATING_WEIGHT * rating) / 5;
            const why = [
              `matches ${match.evidence.slice(0, 2).join('; ') || 'the need'}`,
              summary.rating === null ? 'not rated by the team yet' : `rated ${summary.rating}/5 by the team`,
              tags.length > 0 ? `tagged ${tags.join(', ')}` : null,
            ]
              .filter(Boolean)
              .join('; ');
            return { ...summary, tags, score: Math.round(score * 1000) / 1000, why };
          }),
        );
        candidates.sort((a, b) => b.score - a.score);
        return structured({ need, recommendations: candidates.slice(0, limit) });
      }),
  );
}
