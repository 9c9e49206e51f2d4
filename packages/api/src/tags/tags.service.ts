import { AppError } from '@stackyard/contracts/problem';
import type { CreateTag, Tag, TagListQuery, UpdateTag } from '@stackyard/contracts/tag';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, TAG_NOT_FOUND } from '../catalog/item-access.ts';
import { decodeCursor, page, type Page } from '../catalog/pagination.ts';
import { targetKinds, type Target } from '../catalog/targets.ts';
import { inTransaction, isUniqueViolation, type Executor } from '../db.ts';
import {
  attachTag as linkTag,
  deleteTag as removeTag,
  detachTag as unlinkTag,
  findTag,
  findTagWorkspace,
  insertTag,
  listTags as readTags,
  TAG_ORDER,
  tagsOf,
  updateTag as writeTag,
  type TagValues,
} from './tags.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';

function nameTaken(name: string): string {
  return `This workspace already has a tag named "${name}".`;
}

export async function listTags(db: Database, actor: Actor, query: TagListQuery): Promise<Page<Tag[]>> {
  const cursor = decodeCursor(TAG_ORDER, query.cursor);
  const access = await authorize(db, actor, query.workspace_id, 'catalog:read');
  const rows = await readTags(db, access, { limit: query.limit, cursor, q: query.q ?? '' });
  const { rows: kept, nextCursor } = page(TAG_ORDER, rows, query.limit);
  return { items: kept.map(({ cursorKey: _key, ...tag }) => tag), nextCursor };
}

/** Editors and admins; names are unique in the workspace whatever their case. */
export async function createTag(db: Database, actor: Actor, input: CreateTag): Promise<Tag> {
  return withNameConflicts(input.tag_name, () =>
    inTransaction(db, async (tx) => {
      const access = await authorize(tx, actor, input.workspace_id, 'catalog:write');
      const id = await insertTag(tx, access, {
        name: input.tag_name,
        color: input.color,
        description: input.description || null,
        criteria: input.criteria ?? null,
      });
      await markWorkspaceChanged(tx, access.workspaceId);
      return requireTag(tx, access, id);
    }),
  );
}

export async function updateTag(db: Database, actor: Actor, tagId: string, input: UpdateTag): Promise<Tag> {
  return withNameConflicts(input.tag_name, () =>
    inTransaction(db, async (tx) => {
      const workspaceId = await findTagWorkspace(tx, tagId);
      const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', TAG_NOT_FOUND);
      const patch: Partial<TagValues> = {};
      if (input.tag_name !== undefined) patch.name = input.tag_name;
      if (input.color !== undefined) patch.color = input.color;
      if (input.description !== undefined) patch.description = input.description || null;
      if (input.criteria !== undefined) patch.criteria = input.criteria;
      if (!(await writeTag(tx, access, tagId, patch))) throw new AppError('not_found', TAG_NOT_FOUND);
      await markWorkspaceChanged(tx, access.workspaceId);
      return requireTag(tx, access, tagId);
    }),
  );
}

/** Removes the tag from every item it is on. */
export async function deleteTag(db: Database, actor: Actor, tagId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const workspaceId = await findTagWorkspace(tx, tagId);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', TAG_NOT_FOUND);
    if (!(await removeTag(tx, access, tagId))) throw new AppError('not_found', TAG_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}

export async function tagsOfItem(db: Database, actor: Actor, target: Target): Promise<Tag[]> {
  const kind = targetKinds[target.kind];
  const workspaceId = await kind.findWorkspace(db, target.id);
  const access = await authorizeItem(db, actor, workspaceId, 'catalog:read', kind.notFound);
  return tagsOf(db, access, target);
}

/** Editors and admins put a tag of the workspace on one of its items; twice is no error. */
export async function attachTag(db: Database, actor: Actor, target: Target, tagId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const kind = targetKinds[target.kind];
    const workspaceId = await kind.findWorkspace(tx, target.id);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', kind.notFound);
    if (!(await linkTag(tx, access, target, tagId))) throw new AppError('not_found', TAG_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}

export async function detachTag(db: Database, actor: Actor, target: Target, tagId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const kind = targetKinds[target.kind];
    const workspaceId = await kind.findWorkspace(tx, target.id);
    const access = await authorizeItem(tx, actor, workspaceId, 'catalog:write', kind.notFound);
    if (!(await unlinkTag(tx, access, target, tagId))) {
      throw new AppError('not_found', `This tag is not on the ${target.kind}.`);
    }
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}

async function requireTag(db: Executor, access: Parameters<typeof findTag>[1], tagId: string): Promise<Tag> {
  const row = await findTag(db, access, tagId);
  if (!row) throw new AppError('not_found', TAG_NOT_FOUND);
  return row;
}

async function withNameConflicts<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', name ? nameTaken(name) : 'The tag could not be saved; try again.', {
        cause: error,
      });
    }
    throw error;
  }
}
