import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { accessRoleSchema } from './workspace.ts';

// The caller's own account: the data export, account deletion and handing a workspace over.

/** The archive's `format`; `version` goes up whenever a field changes meaning or goes away. */
export const ACCOUNT_EXPORT_FORMAT = 'stackyard.account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

const nullableText = z.string().nullable();

const exportedWorkspaceSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  slug: z.string(),
  description: nullableText,
  previous_slugs: z.array(z.string()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

/** Who else is in the workspace: what every member already sees of them, nothing private. */
const exportedMemberSchema = z.object({
  user_id: uuidSchema,
  username: nullableText,
  access_role: accessRoleSchema,
  is_owner: z.boolean(),
  joined_at: timestampSchema,
});

const exportedTagSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  color: z.string(),
  description: nullableText,
  criteria: z.array(z.string()).nullable(),
  created_at: timestampSchema,
});

const exportedToolSchema = z.object({
  id: uuidSchema,
  slug: z.string(),
  raw_submitted_url: z.string(),
  rating: z.number().int().nullable(),
  /** What was extracted from the tool's page (shared by every workspace that has the tool). */
  name: nullableText,
  description: nullableText,
  canonical_url: z.string(),
  homepage_url: nullableText,
  forge_url: nullableText,
  stance: z.object({ stance: z.string(), category: nullableText, note: nullableText }).nullable(),
  tag_ids: z.array(uuidSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

const exportedResourceSchema = z.object({
  id: uuidSchema,
  raw_submitted_url: z.string(),
  extracted_title: nullableText,
  extracted_description: nullableText,
  extracted_image: nullableText,
  site_name: nullableText,
  author: nullableText,
  rating: z.number().int().nullable(),
  tag_ids: z.array(uuidSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

const exportedProjectSchema = z.object({
  id: uuidSchema,
  slug: z.string(),
  name: z.string(),
  tool_ids: z.array(uuidSchema),
  tag_ids: z.array(uuidSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

/** What a comment is about: a project, a workspace tool or a resource, by id. */
export const commentTargetSchema = z.object({
  kind: z.enum(['project', 'tool', 'resource']),
  id: uuidSchema,
});

const exportedCommentSchema = z.object({
  id: uuidSchema,
  on: commentTargetSchema,
  commenter_id: uuidSchema,
  commenter_username: nullableText,
  content: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

export const ownedWorkspaceExportSchema = z.object({
  workspace: exportedWorkspaceSchema,
  members: z.array(exportedMemberSchema),
  tags: z.array(exportedTagSchema),
  tools: z.array(exportedToolSchema),
  resources: z.array(exportedResourceSchema),
  projects: z.array(exportedProjectSchema),
  comments: z.array(exportedCommentSchema),
});

/** A comment the user wrote in a workspace someone else owns. */
const commentElsewhereSchema = z.object({
  id: uuidSchema,
  workspace: z.object({ id: uuidSchema, name: z.string() }),
  on: commentTargetSchema.extend({ title: nullableText }),
  content: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

/** GET /me/export: everything of the caller's, as one JSON document (docs/accounts.md describes it). */
export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exported_at: timestampSchema,
  profile: z.object({
    identity_id: uuidSchema,
    email: nullableText,
    display_name: nullableText,
    bio: nullableText,
    avatar_url: nullableText,
    theme: nullableText,
    current_username: nullableText,
    usernames: z.array(
      z.object({ username: z.string(), is_current: z.boolean(), created_at: timestampSchema }),
    ),
    created_at: timestampSchema,
  }),
  owned_workspaces: z.array(ownedWorkspaceExportSchema),
  comments_elsewhere: z.array(commentElsewhereSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** A workspace the user owns that other people are members of: it stops the account's deletion. */
export const sharedWorkspaceSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  slug: z.string(),
  other_members: z.number().int(),
});
export type SharedWorkspace = z.infer<typeof sharedWorkspaceSchema>;

/** GET /me/deletion: what deleting the account would do, and what stops it now. */
export const accountDeletionPreviewSchema = z.object({
  /** What the user types to confirm: their current username, or their e-mail address when they have none. */
  confirmation: z.string(),
  /** Owned workspaces with other members: while there is one, deletion is refused. */
  shared_workspaces: z.array(sharedWorkspaceSchema),
  /** Owned workspaces with no other member: deleted with the account. */
  workspaces_to_delete: z.array(z.object({ id: uuidSchema, name: z.string(), slug: z.string() })),
});
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreviewSchema>;

/** DELETE /me: the typed confirmation. */
export const deleteAccountSchema = z.strictObject({
  confirmation: z.string().trim().min(1, 'Type your username to confirm').max(320),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** POST /workspaces/{id}/transfer-ownership: the member who becomes the owner. */
export const transferOwnershipSchema = z.strictObject({ user_id: uuidSchema });
export type TransferOwnership = z.infer<typeof transferOwnershipSchema>;
