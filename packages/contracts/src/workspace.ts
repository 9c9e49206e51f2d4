import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

export const SLUG_MIN = 3;
export const SLUG_MAX = 63;

export const ACCESS_ROLES = ['admin', 'editor', 'viewer'] as const;
export const accessRoleSchema = z.enum(ACCESS_ROLES, {
  error: 'Role must be admin, editor or viewer',
});
export type AccessRole = z.infer<typeof accessRoleSchema>;

export const workspaceSlugSchema = z
  .string({ error: 'Slug must be a string' })
  .min(SLUG_MIN, `Slug must be at least ${SLUG_MIN} characters`)
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .regex(/^[a-z0-9-]+$/, 'Slug can only contain lowercase letters, numbers, and dashes');

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
const descriptionSchema = z.string().trim().max(500, 'Description must be at most 500 characters');

/** Workspace (basic). */
export const workspaceSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable().optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** Workspace (list item): the basic fields plus the caller's access. Every workspace call answers it. */
export const workspaceListItemSchema = workspaceSchema.extend({
  owner_id: uuidSchema,
  access_level: accessRoleSchema,
  is_owner: z.boolean(),
  owner_username: z.string().nullable().optional(),
  /** Slugs this workspace had before; pages under them redirect to the current slug. */
  previous_slugs: z.array(z.string()).default([]),
  /** Usernames the owner had before; pages under them redirect to the current username. */
  owner_previous_usernames: z.array(z.string()).default([]),
});
export type WorkspaceListItem = z.infer<typeof workspaceListItemSchema>;

export const workspaceListSchema = z.array(workspaceListItemSchema);

/** POST /workspaces: without a slug, one is derived from the name. */
export const createWorkspaceSchema = z.strictObject({
  name: nameSchema,
  slug: workspaceSlugSchema.optional(),
  description: descriptionSchema.nullable().optional(),
});
export type CreateWorkspace = z.infer<typeof createWorkspaceSchema>;

/** PUT /workspaces/{id}: an omitted field is left as it is. */
export const updateWorkspaceSchema = z.strictObject({
  name: nameSchema.optional(),
  slug: workspaceSlugSchema.optional(),
  description: descriptionSchema.nullable().optional(),
});
export type UpdateWorkspace = z.infer<typeof updateWorkspaceSchema>;

// The web forms' fields are strings: surrounding spaces are dropped and, on create, an empty slug or
// description means "not given" (the slug is then made from the name).
/** The create-workspace form (settings and onboarding). */
export const workspaceFormSchema = z.object({
  name: nameSchema,
  slug: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(workspaceSlugSchema.optional()),
  description: descriptionSchema.transform((value) => value || undefined),
});

/** The edit-workspace form: the slug is required; an empty description clears it. */
export const editWorkspaceFormSchema = z.object({
  name: nameSchema,
  slug: z.string().trim().pipe(workspaceSlugSchema),
  description: descriptionSchema.transform((value) => value || null),
});

export const workspaceParamsSchema = z.object({ id: uuidSchema });

/**
 * GET /workspaces/{id}/summary: how much the workspace holds, for its dashboard. Ingestions counts the
 * submissions still waiting or being fetched, and those that need a person (quarantined or failed, of those
 * the submission lists show: not the background enrichment of imported bookmarks).
 */
export const workspaceSummarySchema = z.object({
  workspace_id: uuidSchema,
  tools: z.number().int().nonnegative(),
  resources: z.number().int().nonnegative(),
  projects: z.number().int().nonnegative(),
  tags: z.number().int().nonnegative(),
  members: z.number().int().nonnegative(),
  ingestions_in_progress: z.number().int().nonnegative(),
  ingestions_needing_review: z.number().int().nonnegative(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;
