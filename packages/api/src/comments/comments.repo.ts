import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Comment } from '@stackyard/contracts/comment';
import { alias } from 'drizzle-orm/pg-core';
import { comments, usernames } from '@stackyard/db/schema';
import type { Authorized, CatalogReader, CatalogWriter } from '../access/access.ts';
import type { Target } from '../catalog/targets.ts';
import { after, cursorKey, orderBy, page, type Cursor, type KeysetOrder } from '../catalog/pagination.ts';
import { isoText, type Executor } from '../db.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

const markerNames = alias(usernames, 'marker_names');

const columns = {
  id: comments.id,
  workspace_id: comments.workspaceId,
  commenter_id: comments.commenterId,
  commenter_username: usernames.username,
  content: comments.content,
  created_at: isoText(comments.createdAt),
  updated_at: isoText(comments.updatedAt),
  for_assistants: sql<Comment['for_assistants']>`case
    when ${comments.forAssistantsBy} is not null and ${comments.forAssistantsAt} is not null
    then json_build_object('marked_by', ${comments.forAssistantsBy}, 'marked_by_username', ${markerNames.username},
      'marked_at', ${isoText(comments.forAssistantsAt)})
    end`,
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

function selectComments<Extra extends Record<string, SQL>>(db: Executor, extra: Extra) {
  return db
    .select({ ...columns, ...extra })
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
): Promise<{ rows: Array<Comment & { cursorKey: string }>; nextCursor: string | null }> {
  const rows = await selectComments(db, { cursorKey: cursorKey(commentOrder) })
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

/** A comment by id in whatever workspace holds it, as the API answers it. */
export async function findComment(db: Executor, commentId: string): Promise<Comment | null> {
  const [row] = await selectComments(db, {}).where(eq(comments.id, commentId)).limit(1);
  return row ?? null;
}

/**
 * What deciding who may change a comment needs: its workspace, its author, and the tool it is on (null on a
 * resource or a project). The caller authorizes the workspace before anything of it is answered.
 */
export async function findCommentAccess(
  db: Executor,
  commentId: string,
): Promise<{ workspace_id: string; commenter_id: string; workspace_tool_id: string | null } | null> {
  const [row] = await db
    .select({
      workspace_id: comments.workspaceId,
      commenter_id: comments.commenterId,
      workspace_tool_id: comments.workspaceToolId,
    })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
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
