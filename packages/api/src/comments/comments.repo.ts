import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { comments, usernames } from '@stackyard/db/schema';
import type { Authorized, CatalogReader, CatalogWriter } from '../access/access.ts';
import type { Target } from '../catalog/targets.ts';
import { after, cursorKey, orderBy, page, type Cursor, type KeysetOrder } from '../catalog/pagination.ts';
import type { Executor } from '../db.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

export interface CommentRow {
  id: string;
  workspaceId: string;
  commenterId: string;
  commenterUsername: string | null;
  content: string;
  /** Set for a comment on a tool: the only kind an editor can mark for assistants. */
  workspaceToolId: string | null;
  forAssistantsBy: string | null;
  forAssistantsByUsername: string | null;
  forAssistantsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const markerNames = alias(usernames, 'marker_names');

const columns = {
  id: comments.id,
  workspaceId: comments.workspaceId,
  commenterId: comments.commenterId,
  commenterUsername: usernames.username,
  content: comments.content,
  workspaceToolId: comments.workspaceToolId,
  forAssistantsBy: comments.forAssistantsBy,
  forAssistantsByUsername: markerNames.username,
  forAssistantsAt: comments.forAssistantsAt,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

const targetColumn = {
  tool: comments.workspaceToolId,
  resource: comments.resourceId,
  project: comments.projectId,
};

/** A conversation reads oldest first. */
export const commentOrder: KeysetOrder = {
  name: 'comments',
  key: sql`${comments.createdAt}`,
  type: 'timestamptz',
  id: sql`${comments.id}`,
  direction: 'asc',
};

function selectComments(db: Executor) {
  return db
    .select(columns)
    .from(comments)
    .leftJoin(usernames, currentUsernameOf(comments.commenterId))
    .leftJoin(
      markerNames,
      and(eq(markerNames.identityId, comments.forAssistantsBy), eq(markerNames.isCurrent, true)),
    )
    .$dynamic();
}

/** The caller's own comment in the permit's workspace. */
function ownComment(access: { workspaceId: string; userId: string }, commentId: string) {
  return and(
    eq(comments.workspaceId, access.workspaceId),
    eq(comments.id, commentId),
    eq(comments.commenterId, access.userId),
  );
}

export async function listComments(
  db: Executor,
  access: CatalogReader,
  target: Target,
  options: { cursor: Cursor | null; limit: number },
): Promise<{ rows: CommentRow[]; nextCursor: string | null }> {
  const rows = await db
    .select({ ...columns, cursorKey: cursorKey(commentOrder) })
    .from(comments)
    .leftJoin(usernames, currentUsernameOf(comments.commenterId))
    .leftJoin(
      markerNames,
      and(eq(markerNames.identityId, comments.forAssistantsBy), eq(markerNames.isCurrent, true)),
    )
    .where(
      and(
        eq(comments.workspaceId, access.workspaceId),
        eq(targetColumn[target.kind], target.id),
        after(commentOrder, options.cursor),
      ),
    )
    .orderBy(orderBy(commentOrder))
    .limit(options.limit + 1);
  return page(commentOrder, rows, options.limit);
}

export async function findComment(db: Executor, commentId: string): Promise<CommentRow | null> {
  const [row] = await selectComments(db).where(eq(comments.id, commentId)).limit(1);
  return row ?? null;
}

/** The caller comments on an item of the permit's workspace (the service found the item there). */
export function insertComment(
  db: Executor,
  access: Authorized<'comments:write'>,
  target: Target,
  content: string,
): Promise<string> {
  return insertCommentAs(db, access.workspaceId, access.userId, target, content);
}

/**
 * A completed submission's comment, posted as its submitter whoever completes it: its job, or the
 * reviewer who released it.
 */
export function insertSubmitterComment(
  db: Executor,
  access: CatalogWriter<'ingestion:review'>,
  submitterId: string,
  target: Target,
  content: string,
): Promise<string> {
  return insertCommentAs(db, access.workspaceId, submitterId, target, content);
}

async function insertCommentAs(
  db: Executor,
  workspaceId: string,
  commenterId: string,
  target: Target,
  content: string,
): Promise<string> {
  const [row] = await db
    .insert(comments)
    .values({
      workspaceId,
      commenterId,
      content,
      ...(target.kind === 'tool'
        ? { workspaceToolId: target.id }
        : target.kind === 'resource'
          ? { resourceId: target.id }
          : { projectId: target.id }),
    })
    .returning({ id: comments.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Marks a tool's comment for assistants (by the permit's holder, now), or clears the mark; false when the
 * comment is not a tool comment of the workspace.
 */
export async function setForAssistants(
  db: Executor,
  access: Authorized<'catalog:write'>,
  commentId: string,
  marked: boolean,
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set(
      marked
        ? { forAssistantsBy: access.userId, forAssistantsAt: sql`now()` }
        : { forAssistantsBy: null, forAssistantsAt: null },
    )
    .where(
      and(
        eq(comments.workspaceId, access.workspaceId),
        eq(comments.id, commentId),
        isNotNull(comments.workspaceToolId),
      ),
    )
    .returning({ id: comments.id });
  return rows.length > 0;
}

/** Only the author's own comment: the permit's holder must be its commenter. */
export async function updateOwnComment(
  db: Executor,
  access: Authorized<'comments:write'>,
  commentId: string,
  content: string,
  keepMark: boolean,
): Promise<boolean> {
  const unmark = keepMark ? {} : { forAssistantsBy: null, forAssistantsAt: null };
  const rows = await db
    .update(comments)
    .set({ content, updatedAt: sql`now()`, ...unmark })
    .where(ownComment(access, commentId))
    .returning({ id: comments.id });
  return rows.length > 0;
}

export async function deleteOwnComment(
  db: Executor,
  access: Authorized<'comments:write'>,
  commentId: string,
): Promise<boolean> {
  const rows = await db.delete(comments).where(ownComment(access, commentId)).returning({ id: comments.id });
  return rows.length > 0;
}

/** Admins and the owner remove anyone's comment in their workspace. */
export async function deleteAnyComment(
  db: Executor,
  access: Authorized<'comments:moderate'>,
  commentId: string,
): Promise<boolean> {
  const rows = await db
    .delete(comments)
    .where(and(eq(comments.workspaceId, access.workspaceId), eq(comments.id, commentId)))
    .returning({ id: comments.id });
  return rows.length > 0;
}
