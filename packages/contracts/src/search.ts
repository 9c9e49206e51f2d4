import { z } from 'zod';
import { uuidSchema } from './common.ts';

export const searchKindSchema = z.enum(['tool', 'resource', 'project', 'comment']);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchQuerySchema = z.object({
  workspace_id: uuidSchema,
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(200, 'Search text must be at most 200 characters'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 50')
    .max(50, 'Limit must be between 1 and 50')
    .default(20),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One hit. `snippet_html` is safe to render as HTML: the text is escaped and the only markup is <mark>
 * around the matched words. A comment's hit names what it is on (`target`), so a page can jump there.
 */
export const searchResultSchema = z.object({
  kind: searchKindSchema,
  id: uuidSchema,
  title: z.string(),
  slug: z.string().nullable(),
  snippet_html: z.string(),
  rank: z.number(),
  /** A tool's or resource's stored icon (a path on this server, /api/v1/media/…); null for others or none. */
  icon: z.string().nullable(),
  target: z
    .object({ kind: z.enum(['tool', 'resource', 'project']), id: uuidSchema, slug: z.string().nullable() })
    .nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultListSchema = z.array(searchResultSchema);
