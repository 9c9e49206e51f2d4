import { AppError } from '@stackyard/contracts/problem';
import { authorize, type Authorized, type Permission } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import type { Executor } from '../db.ts';

export const TOOL_NOT_FOUND = 'Tool not found';
export const RESOURCE_NOT_FOUND = 'Resource not found';
export const PROJECT_NOT_FOUND = 'Project not found';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const TAG_NOT_FOUND = 'Tag not found';

/**
 * The caller's access to the workspace an item lives in. An item that does not exist and an item in a
 * workspace the caller is not a member of answer the same 404 with the item's own message, so
 * ids of other workspaces' items cannot be probed.
 */
export async function authorizeItem<P extends Permission>(
  db: Executor,
  actor: Actor,
  workspaceId: string | null,
  permission: P,
  notFound: string,
): Promise<Authorized<P>> {
  if (!workspaceId) throw new AppError('not_found', notFound);
  try {
    return await authorize(db, actor, workspaceId, permission);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      throw new AppError('not_found', notFound, { cause: error });
    }
    throw error;
  }
}
