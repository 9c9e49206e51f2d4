import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

export const COMMENT_MAX = 10_000;

/** Comment, plus the commenter's current username (null when they have none). */
export const commentSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  commenter_id: uuidSchema,
  commenter_username: z.string().nullable(),
  content: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /**
   * Set while an editor has marked the comment for assistants: only such comments reach the AI-assistant
   * export and the MCP stack answers. Editing the comment clears it unless its author may mark comments.
   */
  for_assistants: z
    .object({ marked_by: uuidSchema, marked_by_username: z.string().nullable(), marked_at: timestampSchema })
    .nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListSchema = z.array(commentSchema);

/** POST on a tool, resource or project's comments, and PUT /comments/{id}. */
export const commentBodySchema = z.strictObject({
  content: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`),
});
export type CommentBody = z.infer<typeof commentBodySchema>;
