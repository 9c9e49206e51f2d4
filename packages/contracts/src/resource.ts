import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { itemContextSchema } from './catalog.ts';
import { storedMediaSchema } from './media.ts';

/**
 * Resource, spec §3, plus workspace_id and the timestamps. Beyond the spec (issue 14): the page's icon URL,
 * site or publisher, author, publication date and language, and the app's copies of its icon and image
 * (media: the only image URLs a client should show; extracted_image and extracted_icon are the site's).
 */
export const resourceSchema = z.object({
  workspace_resource_id: uuidSchema,
  workspace_id: uuidSchema,
  context: itemContextSchema,
  raw_submitted_url: z.string(),
  metadata: z.object({
    extracted_title: z.string().nullable(),
    extracted_description: z.string().nullable(),
    extracted_image: z.string().nullable(),
    extracted_icon: z.string().nullable(),
    site_name: z.string().nullable(),
    author: z.string().nullable(),
    published_at: timestampSchema.nullable(),
    language: z.string().nullable(),
    media: storedMediaSchema,
  }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListSchema = z.array(resourceSchema);

export const resourceListParamsSchema = z.object({ workspaceId: uuidSchema });
export const resourceTagParamsSchema = z.object({ id: uuidSchema, tagId: uuidSchema });
