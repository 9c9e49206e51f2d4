import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { itemContextSchema, workspaceItemListQuerySchema } from './catalog.ts';
import { storedMediaSchema } from './media.ts';
import { toolStanceSchema } from './stack.ts';

const linkSchema = z.string().nullable();

/**
 * Tool, spec §3: the workspace's own fields (workspace_tool_id, slug, submitted URL, rating) and the global
 * tool's metadata, shared by every workspace that holds it. Beyond the spec: workspace_id, the metadata's
 * name, description and image, and the timestamps. image_url and icon_url are the site's own URLs; media
 * holds the app's copies of them (issue 14), the only image URLs a client should show.
 */
export const toolSchema = z.object({
  workspace_tool_id: uuidSchema,
  workspace_id: uuidSchema,
  context: itemContextSchema,
  /** The workspace's stance on the tool (issue 17); accepted while nobody has set one. */
  stance: toolStanceSchema,
  raw_submitted_url: z.string(),
  slug: z.string(),
  metadata: z.object({
    name: z.string().nullable(),
    description: z.string().nullable(),
    image_url: linkSchema,
    icon_url: linkSchema,
    media: storedMediaSchema,
    canonical_links: z.object({ homepage_url: linkSchema, forge_url: linkSchema }),
    community_links: z.object({ discord_url: linkSchema, slack_url: linkSchema }),
  }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListSchema = z.array(toolSchema);

/** GET /tools: the paged list, optionally only the tools with one stance ("accepted" includes the unset ones). */
export const toolListQuerySchema = workspaceItemListQuerySchema.extend({
  stance: toolStanceSchema.optional(),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

export const toolParamsSchema = z.object({ toolId: uuidSchema });
export const toolTagParamsSchema = z.object({ toolId: uuidSchema, tagId: uuidSchema });
