import { z } from 'zod';
import { uuidSchema } from './common.ts';

// What the catalog's lists share: keyset pagination with an opaque cursor, a tag filter and a sort.

export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 50;

export { NEXT_CURSOR_HEADER } from './paging.ts';

export const ratingSchema = z
  .number({ error: 'Rating must be a whole number from 1 to 5, or null' })
  .int('Rating must be a whole number from 1 to 5, or null')
  .min(1, 'Rating must be a whole number from 1 to 5, or null')
  .max(5, 'Rating must be a whole number from 1 to 5, or null')
  .nullable();

/** The workspace's own context of a tool or resource. */
export const itemContextSchema = z.object({ rating: ratingSchema });

/** PUT of a tool or resource: its rating (1 to 5, or null to clear it). */
export const updateRatingSchema = z.strictObject({
  context: z.strictObject({ rating: ratingSchema }),
});
export type UpdateRating = z.infer<typeof updateRatingSchema>;

export const limitSchema = z.coerce
  .number({ error: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, `Limit must be between 1 and ${LIST_LIMIT_MAX}`)
  .max(LIST_LIMIT_MAX, `Limit must be between 1 and ${LIST_LIMIT_MAX}`)
  .default(LIST_LIMIT_DEFAULT);

export const cursorSchema = z
  .string()
  .max(500, 'Cursor is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'Cursor is not valid')
  .optional();

export const itemSortSchema = z.enum(['recent', 'name', 'rating'], {
  error: 'Sort must be recent, name or rating',
});
export type ItemSort = z.infer<typeof itemSortSchema>;

export const projectSortSchema = z.enum(['recent', 'name'], { error: 'Sort must be recent or name' });
export type ProjectSort = z.infer<typeof projectSortSchema>;

/** limit, cursor (from the previous page's x-next-cursor header) and a tag id to filter on. */
export const pageQuerySchema = z.object({
  limit: limitSchema,
  cursor: cursorSchema,
  tag: uuidSchema.optional(),
});

export const itemListQuerySchema = pageQuerySchema.extend({ sort: itemSortSchema.default('recent') });
export type ItemListQuery = z.infer<typeof itemListQuerySchema>;

/** GET /tools and GET /projects name the workspace in the query. */
export const workspaceItemListQuerySchema = itemListQuerySchema.extend({ workspace_id: uuidSchema });

export const projectListQuerySchema = pageQuerySchema.extend({
  workspace_id: uuidSchema,
  sort: projectSortSchema.default('recent'),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const idParamsSchema = z.object({ id: uuidSchema });
export const workspaceSlugParamsSchema = z.object({
  workspaceId: uuidSchema,
  slug: z.string().min(1).max(200),
});

/** The comments of an item, oldest first. */
export const commentListQuerySchema = z.object({ limit: limitSchema, cursor: cursorSchema });
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;
