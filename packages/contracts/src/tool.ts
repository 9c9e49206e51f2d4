import { z } from 'zod';
import { httpUrlSchema, timestampSchema, uuidSchema } from './common.ts';
import { itemContextSchema, workspaceItemListQuerySchema } from './catalog.ts';
import { itemHealthSchema } from './health.ts';
import { storedMediaSchema } from './media.ts';
import { toolStanceSchema } from './stack.ts';

const linkSchema = z.string().nullable();

/** The fields of a tool a workspace's editors correct by hand (PATCH /tools/workspace/{id}). */
export const editableToolFieldSchema = z.enum([
  'name',
  'description',
  'homepage_url',
  'forge_url',
  'documentation_url',
  'icon_url',
]);
export type EditableToolField = z.infer<typeof editableToolFieldSchema>;

/**
 * Tool: the workspace's own fields (workspace_tool_id, slug, submitted URL, rating) and the global tool's
 * metadata, shared by every workspace that holds it, plus workspace_id, the metadata's name, description and
 * image, and the timestamps. image_url and icon_url are the site's own URLs; media holds the app's copies
 * of them, the only image URLs a client should show.
 */
export const toolSchema = z.object({
  workspace_tool_id: uuidSchema,
  workspace_id: uuidSchema,
  context: itemContextSchema,
  /** The workspace's stance on the tool; accepted while nobody has set one. */
  stance: toolStanceSchema,
  raw_submitted_url: z.string(),
  slug: z.string(),
  metadata: z.object({
    name: z.string().nullable(),
    description: z.string().nullable(),
    image_url: linkSchema,
    icon_url: linkSchema,
    media: storedMediaSchema,
    canonical_links: z.object({
      homepage_url: linkSchema,
      forge_url: linkSchema,
      /** Set by the workspace's members only; ingestion does not find one. */
      documentation_url: linkSchema,
    }),
    community_links: z.object({ discord_url: linkSchema, slack_url: linkSchema }),
  }),
  /** The fields this workspace edited by hand: its own values, kept when the metadata is refreshed. */
  edited_fields: z.array(editableToolFieldSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** The last link check of the tool's homepage as the workspace sees it (null: not checked yet). */
  health: itemHealthSchema.nullable().optional(),
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

const nameSchema = z.string().trim().min(1, 'Must not be empty').max(200, 'Must be at most 200 characters');
const descriptionSchema = z.string().trim().max(2000, 'Must be at most 2000 characters').nullable();

/**
 * PATCH /tools/workspace/{id}: the workspace's corrections, each optional; null clears a URL or the
 * description. They are this workspace's only: other workspaces holding the same tool keep what they see.
 */
export const updateToolSchema = z
  .strictObject({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    homepage_url: httpUrlSchema.nullable().optional(),
    forge_url: httpUrlSchema.nullable().optional(),
    documentation_url: httpUrlSchema.nullable().optional(),
    /** An image the server fetches and keeps a copy of (as ingestion does); null removes the icon. */
    icon_url: httpUrlSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    error: 'Give at least one field to change',
    // An unknown field is its own error; "no field" would only confuse it.
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateTool = z.infer<typeof updateToolSchema>;
