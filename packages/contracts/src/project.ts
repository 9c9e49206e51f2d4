import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

export const PROJECT_SLUG_MAX = 63;

/** Project of a workspace. */
export const projectSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  slug: z.string(),
  metadata: z.object({ name: z.string() }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.array(projectSchema);

const projectNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const projectSlugSchema = z
  .string({ error: 'Slug must be a string' })
  .min(1, 'Slug is required')
  .max(PROJECT_SLUG_MAX, `Slug must be at most ${PROJECT_SLUG_MAX} characters`)
  .regex(/^[a-z0-9-]+$/, 'Slug can only contain lowercase letters, numbers, and dashes');

/** POST /projects: without a slug, one is derived from the name; tool_ids are workspace tool ids to link. */
export const createProjectSchema = z.strictObject({
  workspace_id: uuidSchema,
  metadata: z.strictObject({ name: projectNameSchema }),
  slug: projectSlugSchema.optional(),
  tool_ids: z.array(uuidSchema).max(100, 'At most 100 tools at once').optional(),
});
export type CreateProject = z.infer<typeof createProjectSchema>;

/** PUT /projects/{id}: rename or re-slug; an omitted field is left as it is. */
export const updateProjectSchema = z.strictObject({
  metadata: z.strictObject({ name: projectNameSchema }).optional(),
  slug: projectSlugSchema.optional(),
});
export type UpdateProject = z.infer<typeof updateProjectSchema>;

export const projectToolParamsSchema = z.object({ id: uuidSchema, toolId: uuidSchema });
export const projectTagParamsSchema = z.object({ id: uuidSchema, tagId: uuidSchema });
