import { z } from 'zod';
import { ratingSchema } from './catalog.ts';
import { timestampSchema, uuidSchema } from './common.ts';
import { releaseSchema, toolFactsSchema } from './facts.ts';
import { groupThousands } from './numbers.ts';
import { toolStanceSchema } from './stack.ts';

// The side-by-side comparison of 2 to 6 tools of a workspace.
//
// API: GET /api/v1/workspaces/{id}/compare?tools=slug,slug,…   any member (catalog:read) → CompareResponse
//   fewer than 2 or more than 6 slugs → 400; a slug that is not a tool of the workspace → 404.
// MCP: the compare_tools tool returns the same response (structured) and compareToMarkdown() of it (text).

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 6;
export const COMPARE_LATEST_COMMENTS = 3;

const countMessage = `Compare ${COMPARE_MIN} to ${COMPARE_MAX} tools`;

/** ?tools=slug,slug,…: comma-separated tool slugs, duplicates removed, order kept. */
export const compareQuerySchema = z.object({
  tools: z
    .string({ error: `${countMessage}: give their slugs as tools=slug,slug` })
    .max(2000, countMessage)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((slug) => slug.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(200)).min(COMPARE_MIN, countMessage).max(COMPARE_MAX, countMessage)),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;

export const compareCommentSchema = z.object({
  id: uuidSchema,
  commenter_id: uuidSchema,
  commenter_username: z.string().nullable(),
  content: z.string(),
  created_at: timestampSchema,
});

export const compareToolSchema = z.object({
  workspace_tool_id: uuidSchema,
  slug: z.string(),
  overview: z.object({
    name: z.string(),
    /** The app's stored copy of the tool's icon (/api/v1/media/…), null when it has none. */
    icon_url: z.string().nullable(),
    description: z.string().nullable(),
    homepage_url: z.string().nullable(),
    repository_url: z.string().nullable(),
    /** SPDX: the repository's, else the first package's. */
    license: z.string().nullable(),
  }),
  adoption: z.object({
    stars: z.number().int().nullable(),
    forks: z.number().int().nullable(),
    /** Summed over the tool's packages that publish downloads; null when none does. */
    weekly_downloads: z.number().int().nullable(),
    monthly_downloads: z.number().int().nullable(),
  }),
  maintenance: z.object({
    latest_release: releaseSchema.nullable(),
    latest_version: z.string().nullable(),
    /** The latest release date: the forge release, else the newest package version. */
    last_release_at: timestampSchema.nullable(),
    last_push_at: timestampSchema.nullable(),
    open_issues: z.number().int().nullable(),
    archived: z.boolean().nullable(),
    scorecard: z.number().nullable(),
    contributors: z.number().int().nullable(),
  }),
  team_view: z.object({
    rating: ratingSchema,
    stance: toolStanceSchema,
    tags: z.array(z.object({ id: uuidSchema, tag_name: z.string(), color: z.string() })),
    projects: z.array(z.object({ id: uuidSchema, slug: z.string(), name: z.string() })),
    comment_count: z.number().int(),
    /** The most recent comments first, at most COMPARE_LATEST_COMMENTS. */
    latest_comments: z.array(compareCommentSchema),
  }),
  /** The raw facts with their sources and fetch times. */
  facts: toolFactsSchema,
});
export type CompareTool = z.infer<typeof compareToolSchema>;

export const compareGroupSchema = z.enum(['overview', 'adoption', 'maintenance', 'team']);
export type CompareGroup = z.infer<typeof compareGroupSchema>;

/** How a row's values read: numbers, dates (ISO timestamps), yes/no, lists of words, text. */
export const compareKindSchema = z.enum(['text', 'number', 'date', 'boolean', 'list', 'rating']);
export type CompareKind = z.infer<typeof compareKindSchema>;

export const compareValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type CompareValue = z.infer<typeof compareValueSchema>;

export const compareRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  group: compareGroupSchema,
  kind: compareKindSchema,
  /** Keyed by workspace_tool_id; null where unknown. */
  values: z.record(z.string(), compareValueSchema),
  /** The workspace_tool_ids holding the best value where "best" is objective; null where it is not. */
  best: z.array(uuidSchema).nullable(),
  /** The tools' values are not all the same. */
  differs: z.boolean(),
});
export type CompareRow = z.infer<typeof compareRowSchema>;

export const compareResponseSchema = z.object({
  workspace_id: uuidSchema,
  /** In the order the slugs were asked. */
  tools: z.array(compareToolSchema),
  rows: z.array(compareRowSchema),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

const groupTitle: Record<CompareGroup, string> = {
  overview: 'Overview',
  adoption: 'Adoption',
  maintenance: 'Maintenance',
  team: "Team's view",
};

/** One value as plain text (dates as YYYY-MM-DD, numbers with thousands separators, "—" when unknown). */
export function formatCompareValue(kind: CompareKind, value: CompareValue): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (kind === 'rating') return `${value}/5`;
    return Number.isInteger(value) ? groupThousands(value) : String(value);
  }
  if (kind === 'date') return value.slice(0, 10);
  return value;
}

/** Escape what would break a Markdown table cell or inject markup. */
function cell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))
    .replace(/\r?\n/g, ' ');
}

/** The comparison as a Markdown table per group; best values in bold. Pure: the web and the MCP server share it. */
export function compareToMarkdown(
  response: CompareResponse,
  options: { differencesOnly?: boolean } = {},
): string {
  const { tools } = response;
  const lines = [`# Comparison: ${tools.map((tool) => cell(tool.overview.name)).join(' vs ')}`];
  for (const group of compareGroupSchema.options) {
    const rows = response.rows.filter(
      (row) => row.group === group && (!options.differencesOnly || row.differs),
    );
    if (rows.length === 0) continue;
    lines.push('', `## ${groupTitle[group]}`, '');
    lines.push(`| | ${tools.map((tool) => cell(tool.overview.name)).join(' | ')} |`);
    lines.push(`|---|${tools.map(() => '---').join('|')}|`);
    for (const row of rows) {
      const values = tools.map((tool) => {
        const text = cell(formatCompareValue(row.kind, row.values[tool.workspace_tool_id] ?? null));
        return row.best?.includes(tool.workspace_tool_id) ? `**${text}**` : text;
      });
      lines.push(`| ${cell(row.label)} | ${values.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
