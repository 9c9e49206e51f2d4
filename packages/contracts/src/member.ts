import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { usernameSchema } from './profile.ts';
import { accessRoleSchema } from './workspace.ts';

/** Workspace member with what the members list shows. created_at is the date they joined. */
export const memberSchema = z.object({
  workspace_id: uuidSchema,
  user_id: uuidSchema,
  access_role: accessRoleSchema,
  is_owner: z.boolean(),
  username: z.string().nullable(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.array(memberSchema);

export const updateMemberRoleSchema = z.strictObject({ new_role: accessRoleSchema });
export type UpdateMemberRole = z.infer<typeof updateMemberRoleSchema>;

/** POST /workspaces/{id}/members: add an existing user by their username (or an earlier one of theirs). */
export const addMemberSchema = z.strictObject({ username: usernameSchema, role: accessRoleSchema });
export type AddMember = z.infer<typeof addMemberSchema>;

export const memberParamsSchema = z.object({ id: uuidSchema, userId: uuidSchema });
