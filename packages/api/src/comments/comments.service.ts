import type { CommentListQuery } from '@stackyard/contracts/catalog';
import type { Comment } from '@stackyard/contracts/comment';
import { can } from '@stackyard/contracts/permissions';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, COMMENT_NOT_FOUND } from '../catalog/item-access.ts';
import { decodeCursor } from '../catalog/pagination.ts';
import { targetKinds, type Target } from '../catalog/targets.ts';
import { inTransaction, type Executor } from '../db.ts';
import {
  commentOrder,
  deleteAnyComment,
  deleteOwnComment,
  findComment,
  findCommentAccess,
  insertComment,
  listComments as readComments,
  setForAssistants,
  updateOwnComment,
} from './comments.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';

export const AUTHOR_ONLY = 'Only the author can edit a comment.';
export const TOOL_COMMENTS_ONLY = 'Only comments on tools can be marked for assistants.';

async function authorizeTarget<P extends 'catalog:read' | 'comments:write'>(
  db: Executor,
  actor: Actor,
  target: Target,
  permission: P,
) {
  const kind = targetKinds[target.kind];
  return authorizeItem(db, actor, await kind.findWorkspace(db, target.id), permission, kind.notFound);
}

export async function listComments(
  db: Database,
  actor: Actor,
  target: Target,
  query: CommentListQuery,
): Promise<{ items: Comment[]; nextCursor: string | null }> {
  const access = await authorizeTarget(db, actor, target, 'catalog:read');
  const cursor = decodeCursor(commentOrder, query.cursor);
  const { rows, nextCursor } = await readComments(db, access, target, { cursor, limit: query.limit });
  return { items: rows.map(({ cursorKey: _key, ...comment }) => comment), nextCursor };
}

/** Everyone who can read the item can comment on it. */
export async function addComment(
  db: Database,
  actor: Actor,
  target: Target,
  content: string,
): Promise<Comment> {
  return inTransaction(db, async (tx) => {
    const access = await authorizeTarget(tx, actor, target, 'comments:write');
    return changedComment(tx, access.workspaceId, await insertComment(tx, access, target, content));
  });
}

/** Only the author edits a comment. */
export async function editComment(
  db: Database,
  actor: Actor,
  commentId: string,
  content: string,
): Promise<Comment> {
  return inTransaction(db, async (tx) => {
    const comment = await findCommentAccess(tx, commentId);
    const access = await authorizeItem(
      tx,
      actor,
      comment?.workspace_id ?? null,
      'comments:write',
      COMMENT_NOT_FOUND,
    );
    if (comment?.commenter_id !== actor.userId) throw new AppError('forbidden', AUTHOR_ONLY);
    // New words from an author who may not mark comments have not been approved by an editor: the mark goes.
    const keepMark = can(access, 'catalog:write');
    if (!(await updateOwnComment(tx, access, commentId, content, keepMark)))
      throw new AppError('not_found', COMMENT_NOT_FOUND);
    return changedComment(tx, access.workspaceId, commentId);
  });
}

/**
 * Editors and above mark a tool's comment for assistants (or clear the mark): a marked comment is the only
 * member text besides the stance that reaches the exported files and the MCP stack answers.
 */
export async function markForAssistants(
  db: Database,
  actor: Actor,
  commentId: string,
  marked: boolean,
): Promise<Comment> {
  return inTransaction(db, async (tx) => {
    const comment = await findCommentAccess(tx, commentId);
    const workspaceId = comment?.workspace_id ?? null;
    // A non-member learns nothing: 404 first; a member who may not mark gets 403.
    await authorizeItem(tx, actor, workspaceId, 'catalog:read', COMMENT_NOT_FOUND);
    if (!comment || !workspaceId) throw new AppError('not_found', COMMENT_NOT_FOUND);
    const access = await authorize(tx, actor, workspaceId, 'catalog:write');
    if (comment.workspace_tool_id === null) throw new AppError('unprocessable', TOOL_COMMENTS_ONLY);
    if (!(await setForAssistants(tx, access, commentId, marked)))
      throw new AppError('not_found', COMMENT_NOT_FOUND);
    return changedComment(tx, workspaceId, commentId);
  });
}

/** The author, admins and the owner delete a comment. */
export async function deleteComment(db: Database, actor: Actor, commentId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const comment = await findCommentAccess(tx, commentId);
    const workspaceId = comment?.workspace_id ?? null;
    let deleted: boolean;
    if (comment?.commenter_id === actor.userId) {
      const access = await authorizeItem(tx, actor, workspaceId, 'comments:write', COMMENT_NOT_FOUND);
      deleted = await deleteOwnComment(tx, access, commentId);
    } else {
      // A non-member learns nothing: 404 first; a member who may not moderate gets 403.
      await authorizeItem(tx, actor, workspaceId, 'catalog:read', COMMENT_NOT_FOUND);
      if (!workspaceId) throw new AppError('not_found', COMMENT_NOT_FOUND);
      const access = await authorize(tx, actor, workspaceId, 'comments:moderate');
      deleted = await deleteAnyComment(tx, access, commentId);
    }
    if (!deleted || !workspaceId) throw new AppError('not_found', COMMENT_NOT_FOUND);
    await markWorkspaceChanged(tx, workspaceId);
  });
}

/** After a write: the workspace is marked changed, and the comment answered as it now is. */
async function changedComment(tx: Executor, workspaceId: string, commentId: string): Promise<Comment> {
  await markWorkspaceChanged(tx, workspaceId);
  const comment = await findComment(tx, commentId);
  if (!comment) throw new AppError('not_found', COMMENT_NOT_FOUND);
  return comment;
}
