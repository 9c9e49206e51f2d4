import { z } from 'zod';
import { ratingSchema } from './catalog.ts';
import { uuidSchema } from './common.ts';

// "Compare with…": the workspace's tools that share tags or repository topics with one tool.

export const SIMILAR_TOOLS_MAX = 6;

export const similarToolSchema = z.object({
  workspace_tool_id: uuidSchema,
  slug: z.string(),
  name: z.string(),
  /** The app's stored copy of the tool's icon (/api/v1/media/…), null when it has none. */
  icon_url: z.string().nullable(),
  rating: ratingSchema,
  /** The workspace tags both tools carry, by name. */
  shared_tags: z.array(z.string()),
  /** The GitHub topics both tools' repositories carry (from the tool facts), by name. */
  shared_topics: z.array(z.string()),
});
export type SimilarTool = z.infer<typeof similarToolSchema>;

/** Most shared tags and topics first, then the best rated, then by slug; at most SIMILAR_TOOLS_MAX. */
export const similarToolsSchema = z.object({ tools: z.array(similarToolSchema) });
export type SimilarTools = z.infer<typeof similarToolsSchema>;
