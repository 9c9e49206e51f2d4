import { AppError } from '@stackyard/contracts/problem';
import {
  SLUG_MIN,
  type CreateWorkspace,
  type UpdateWorkspace,
  type WorkspaceListItem,
  type WorkspaceSummary,
} from '@stackyard/contracts/workspace';
import type { Database } from '@stackyard/db/client';
import { authorize, WORKSPACE_NOT_FOUND } from '../access/access.ts';
import { changingMemberships } from '../access/membership-cache.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, isUniqueViolation, type Executor } from '../db.ts';
import { insertProfileIfMissing, lockProfile } from '../profiles/profiles.repo.ts';
import { slugify, uniqueSlug } from '@stackyard/contracts/slug';
import {
  countWorkspaceContents,
  countWorkspacesOf,
  deleteWorkspace as removeWorkspace,
  findWorkspaceOf,
  insertWorkspace,
  listWorkspacesOf,
  slugsOfOwner,
  updateWorkspace as writeWorkspace,
} from './workspaces.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';
import { requireUnrestrictedToken } from '../tokens/tokens.service.ts';

export const LAST_WORKSPACE =
  'You cannot delete your last workspace. Create another workspace first, then delete this one.';

function slugTaken(slug: string): string {
  return `You already have a workspace with the slug "${slug}". Choose another slug.`;
}

/** A valid workspace slug from its name: "Café Tools!" → "cafe-tools", "AB" → "ab-workspace". */
function workspaceSlug(name: string): string {
  const base = slugify(name, 'workspace');
  return base.length >= SLUG_MIN ? base : `${base}-workspace`;
}

export async function listWorkspaces(db: Database, actor: Actor): Promise<WorkspaceListItem[]> {
  const rows = await listWorkspacesOf(db, actor.userId);
  // A token restricted to some workspaces lists only those.
  const restriction = actor.token?.workspaceIds;
  return rows.filter((row) => !restriction || restriction.includes(row.id));
}

export async function getWorkspace(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<WorkspaceListItem> {
  await authorize(db, actor, workspaceId, 'workspace:read');
  return loadWorkspace(db, actor, workspaceId);
}

/** Every member: the counts on the workspace's dashboard. */
export async function getWorkspaceSummary(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<WorkspaceSummary> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const counts = await countWorkspaceContents(db, access);
  return {
    workspace_id: workspaceId,
    tools: counts.tools,
    resources: counts.resources,
    projects: counts.projects,
    tags: counts.tags,
    members: counts.members,
    ingestions_in_progress: counts.ingestionsInProgress,
    ingestions_needing_review: counts.ingestionsNeedingReview,
  };
}

/**
 * The caller becomes owner and admin. Without a slug one is derived from the name and made unique among
 * the owner's slugs (current and previous); an explicit slug that is taken is a 409.
 */
export async function createWorkspace(
  db: Database,
  actor: Actor,
  input: CreateWorkspace,
): Promise<WorkspaceListItem> {
  requireUnrestrictedToken(actor);
  const id = await withSlugConflicts(input.slug, () =>
    inTransaction(db, async (tx) => {
      // Two creates by one owner wait for each other here, so the second sees the first one's slug.
      await insertProfileIfMissing(tx, actor.userId);
      await lockProfile(tx, actor.userId);
      const used = await slugsOfOwner(tx, actor.userId);
      if (input.slug && used.has(input.slug)) throw new AppError('conflict', slugTaken(input.slug));
      return insertWorkspace(tx, {
        ownerId: actor.userId,
        name: input.name,
        slug: input.slug ?? uniqueSlug(workspaceSlug(input.name), used),
        description: input.description || null,
      });
    }),
  );
  return loadWorkspace(db, actor, id);
}

/** Owner and admins. A changed slug goes into previous_slugs, so links under it keep resolving. */
export async function updateWorkspace(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: UpdateWorkspace,
): Promise<WorkspaceListItem> {
  await withSlugConflicts(input.slug, () =>
    inTransaction(db, async (tx) => {
      const access = await authorize(tx, actor, workspaceId, 'workspace:update');
      const patch: Parameters<typeof writeWorkspace>[2] = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.description !== undefined) patch.description = input.description || null;
      if (input.slug !== undefined) {
        await lockProfile(tx, access.ownerId);
        const current = await requireWorkspace(tx, actor, workspaceId);
        if (input.slug !== current.slug) {
          const used = await slugsOfOwner(tx, access.ownerId, workspaceId);
          if (used.has(input.slug)) throw new AppError('conflict', slugTaken(input.slug));
          patch.slug = input.slug;
          // Taking back an earlier slug removes it from the history; the one being left joins it.
          patch.previousSlugs = [
            ...current.previous_slugs.filter((slug) => slug !== input.slug),
            current.slug,
          ];
        }
      }
      if (Object.keys(patch).length > 0) {
        await writeWorkspace(tx, access, patch);
        // Its name, slug and description are in the synced repository's manifest and README.
        await markWorkspaceChanged(tx, access.workspaceId);
      }
    }),
  );
  return loadWorkspace(db, actor, workspaceId);
}

/** Only the owner, never their last workspace; the workspace and everything in it go in one transaction. */
export async function deleteWorkspace(db: Database, actor: Actor, workspaceId: string): Promise<void> {
  await changingMemberships(db, workspaceId, () =>
    inTransaction(db, async (tx) => {
      const access = await authorize(tx, actor, workspaceId, 'workspace:delete');
      // Serializes the owner's deletes: two at once must not both pass the "not the last one" check.
      await lockProfile(tx, actor.userId);
      if ((await countWorkspacesOf(tx, actor.userId)) <= 1) throw new AppError('conflict', LAST_WORKSPACE);
      await removeWorkspace(tx, access);
    }),
  );
}

async function withSlugConflicts<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The unique (owner, slug) constraint caught a race the lock did not (e.g. the profile row was missing).
    if (isUniqueViolation(error)) {
      throw new AppError(
        'conflict',
        slug ? slugTaken(slug) : 'The workspace could not be saved; try again.',
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

async function requireWorkspace(db: Executor, actor: Actor, workspaceId: string): Promise<WorkspaceListItem> {
  const row = await findWorkspaceOf(db, actor.userId, workspaceId);
  if (!row) throw new AppError('not_found', WORKSPACE_NOT_FOUND);
  return row;
}

async function loadWorkspace(db: Database, actor: Actor, workspaceId: string): Promise<WorkspaceListItem> {
  return requireWorkspace(db, actor, workspaceId);
}
