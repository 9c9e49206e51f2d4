import { z } from 'zod';
import { httpUrlSchema, timestampSchema, uuidSchema } from './common.ts';
import { itemContextSchema } from './catalog.ts';
import { itemHealthSchema } from './health.ts';
import { storedMediaSchema } from './media.ts';

/** The fields of a resource its workspace's editors correct by hand (PATCH /resources/{id}). */
export const editableResourceFieldSchema = z.enum(['title', 'description', 'url', 'icon_url']);
export type EditableResourceField = z.infer<typeof editableResourceFieldSchema>;

/**
 * Resource, with workspace_id and the timestamps, the page's icon URL,
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
  /** The fields edited by hand (url: raw_submitted_url; icon_url: extracted_icon), kept when refreshed. */
  edited_fields: z.array(editableResourceFieldSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** The last link check of the resource's URL (null: not checked yet). */
  health: itemHealthSchema.nullable().optional(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListSchema = z.array(resourceSchema);

export const resourceListParamsSchema = z.object({ workspaceId: uuidSchema });
export const resourceTagParamsSchema = z.object({ id: uuidSchema, tagId: uuidSchema });

/**
 * PATCH /resources/{id}: each field optional; null clears the title (the URL stands in for it) or the
 * description. A new url must not be one the workspace already holds as another resource (409).
 */
export const updateResourceSchema = z
  .strictObject({
    title: z
      .string()
      .trim()
      .min(1, 'Must not be empty')
      .max(500, 'Must be at most 500 characters')
      .nullable()
      .optional(),
    description: z.string().trim().max(2000, 'Must be at most 2000 characters').nullable().optional(),
    url: httpUrlSchema.optional(),
    /** An image the server fetches and keeps a copy of (as ingestion does); null removes the icon. */
    icon_url: httpUrlSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    error: 'Give at least one field to change',
    // An unknown field is its own error; "no field" would only confuse it.
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateResource = z.infer<typeof updateResourceSchema>;

/** A resource's readable copy (GET /resources/{id}/copy): its page's main text, sanitised, as last fetched. */
export const resourceCopySchema = z.object({
  workspace_resource_id: uuidSchema,
  title: z.string().nullable(),
  byline: z.string().nullable(),
  /** The URL the copy was read from (after redirects). */
  source_url: z.string(),
  fetched_at: timestampSchema,
  /** Sanitised HTML: paragraphs, headings, lists, quotes, code, tables and absolute links, nothing else. */
  html: z.string(),
  /** Characters of the copy's text. */
  text_length: z.number().int(),
  /** Whether the copy was cut at its size cap (512 KiB of HTML). */
  truncated: z.boolean(),
});
export type ResourceCopy = z.infer<typeof resourceCopySchema>;

export const NO_RESOURCE_COPY =
  'This resource has no saved copy: its page has not been read yet, or it had no article to keep.';
