import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

export const PROJECT_SLUG_MAX = 63;

/** Project of a workspace. */
export const projectSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  slug: z.string(),
  metadata: z.object({ name: z.string() }),
  /** The GitHub repository holding the project's code, scanned for its drift; null when none is linked. */
  repository: z
    .object({
      full_name: z.string(),
      /** null: the repository's default branch. */
      branch: z.string().nullable(),
      /** The folder scanned, '' for the whole repository. */
      path: z.string(),
    })
    .nullable(),
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

// GitHub's own limits: owner 1-39 letters, digits and inner dashes; repository name letters, digits, . _ -.
const FULL_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?\/[A-Za-z0-9._-]{1,100}$/;

export const projectRepositoryInputSchema = z.strictObject({
  full_name: z
    .string({ error: 'Repository must be owner/name' })
    .trim()
    .regex(FULL_NAME, 'Repository must be owner/name, as in github.com/owner/name')
    .refine(
      (value) => !/\/\.{1,2}$/.test(value),
      'Repository must be owner/name, as in github.com/owner/name',
    ),
  branch: z
    .string({ error: 'Branch must be a string' })
    .trim()
    .min(1, 'Branch must not be empty')
    .max(255, 'Branch must be at most 255 characters')
    .regex(/^[^\s~^:?*[\\]+$/, 'Branch is not a valid Git branch name')
    .nullable()
    .optional(),
  path: z
    .string({ error: 'Path must be a string' })
    .max(500, 'Path must be at most 500 characters')
    .transform((value) => value.trim().replace(/^\/+|\/+$/g, ''))
    .refine((value) => !value.split('/').includes('..'), 'Path must be a folder inside the repository')
    .optional(),
});
export type ProjectRepositoryInput = z.infer<typeof projectRepositoryInputSchema>;

/** PUT /projects/{id}: rename, re-slug, link (null: unlink) a repository; an omitted field is left as it is. */
export const updateProjectSchema = z.strictObject({
  metadata: z.strictObject({ name: projectNameSchema }).optional(),
  slug: projectSlugSchema.optional(),
  repository: projectRepositoryInputSchema.nullable().optional(),
});
export type UpdateProject = z.infer<typeof updateProjectSchema>;

export const projectToolParamsSchema = z.object({ id: uuidSchema, toolId: uuidSchema });
export const projectTagParamsSchema = z.object({ id: uuidSchema, tagId: uuidSchema });
