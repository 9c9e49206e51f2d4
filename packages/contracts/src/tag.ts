import { z } from 'zod';
import { cursorSchema, limitSchema } from './catalog.ts';
import { timestampSchema, uuidSchema } from './common.ts';

/** Tag of a workspace. */
export const tagSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  tag_name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  criteria: z.array(z.string()).nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListSchema = z.array(tagSchema);

const tagNameSchema = z
  .string({ error: 'Tag name is required' })
  .trim()
  .min(1, 'Tag name is required')
  .max(50, 'Tag name must be at most 50 characters');
// A CSS hex colour: it ends up in a style attribute, so nothing else is accepted.
const colorSchema = z
  .string({ error: 'Color is required' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Color must be a hex colour such as #3b82f6')
  .toLowerCase();
const descriptionSchema = z.string().trim().max(500, 'Description must be at most 500 characters');
const criteriaSchema = z
  .array(z.string().trim().min(1).max(200, 'A criterion must be at most 200 characters'))
  .max(20, 'At most 20 criteria');

export const createTagSchema = z.strictObject({
  workspace_id: uuidSchema,
  tag_name: tagNameSchema,
  color: colorSchema,
  description: descriptionSchema.nullable().optional(),
  criteria: criteriaSchema.nullable().optional(),
});
export type CreateTag = z.infer<typeof createTagSchema>;

/** PUT /tags/{id}: an omitted field is left as it is; null clears description or criteria. */
export const updateTagSchema = z.strictObject({
  tag_name: tagNameSchema.optional(),
  color: colorSchema.optional(),
  description: descriptionSchema.nullable().optional(),
  criteria: criteriaSchema.nullable().optional(),
});
export type UpdateTag = z.infer<typeof updateTagSchema>;

/**
 * GET /tags: a page of the workspace's tags by name (cursor from the previous page's x-next-cursor header),
 * only those whose name contains `q` (any case) when it is given.
 */
export const tagListQuerySchema = z.object({
  workspace_id: uuidSchema,
  limit: limitSchema,
  cursor: cursorSchema,
  q: z.string().trim().max(50, 'Search text must be at most 50 characters').optional(),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;
