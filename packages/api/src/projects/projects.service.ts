import { AppError } from '@stackyard/contracts/problem';
import type { ProjectListQuery } from '@stackyard/contracts/catalog';
import type {
  CreateProject,
  Project,
  ProjectRepositoryInput,
  UpdateProject,
} from '@stackyard/contracts/project';
import type { Tool } from '@stackyard/contracts/tool';
import type { Database } from '@stackyard/db/client';
import { authorize, type Authorized, type Permission } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { authorizeItem, PROJECT_NOT_FOUND, TOOL_NOT_FOUND } from '../catalog/item-access.ts';
import { pageRequest, type Page } from '../catalog/pagination.ts';
import { inTransaction, isUniqueViolation, type Executor } from '../db.ts';
import { listToolsOfProject } from '../tools/tools.repo.ts';
import { slugify, uniqueSlug } from '@stackyard/contracts/slug';
import {
  deleteProject as removeProject,
  existingTools,
  findProject,
  findProjectWorkspace,
  insertProject,
  linkTools,
  listProjects as readProjects,
  projectOrders,
  slugsLike,
  unlinkTool,
  updateProject as writeProject,
  type ProjectPatch,
} from './projects.repo.ts';
import { markWorkspaceChanged } from '../store/store-changes.ts';

function slugTaken(slug: string): string {
  return `This workspace already has a project with the slug "${slug}". Choose another slug.`;
}

/** "My App!" → "my-app"; a name with no letters or digits gives "project". */
export function projectSlug(name: string): string {
  return slugify(name, 'project');
}

/** The caller's access to the project's workspace; a project they cannot see is 'Project not found'. */
export async function authorizeProject<P extends Permission>(
  db: Executor,
  actor: Actor,
  projectId: string,
  permission: P,
): Promise<Authorized<P>> {
  const workspaceId = await findProjectWorkspace(db, projectId);
  return authorizeItem(db, actor, workspaceId, permission, PROJECT_NOT_FOUND);
}

export async function listProjects(
  db: Database,
  actor: Actor,
  query: ProjectListQuery,
): Promise<Page<Project[]>> {
  const access = await authorize(db, actor, query.workspace_id, 'catalog:read');
  const { rows, nextCursor } = await readProjects(db, access, pageRequest(projectOrders, query));
  return { items: rows.map(({ cursorKey: _key, ...project }) => project), nextCursor };
}

export async function getProject(db: Database, actor: Actor, projectId: string): Promise<Project> {
  const access = await authorizeProject(db, actor, projectId, 'catalog:read');
  return requireProject(db, access, { id: projectId });
}

export async function getProjectBySlug(
  db: Database,
  actor: Actor,
  workspaceId: string,
  slug: string,
): Promise<Project> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  return requireProject(db, access, { slug });
}

/** Editors and admins. Without a slug one is derived from the name and made unique in the workspace. */
export async function createProject(db: Database, actor: Actor, input: CreateProject): Promise<Project> {
  return withSlugConflicts(input.slug, () =>
    inTransaction(db, async (tx) => {
      const access = await authorize(tx, actor, input.workspace_id, 'catalog:write');
      const toolIds = [...new Set(input.tool_ids ?? [])];
      await requireTools(tx, access, toolIds);
      let slug = input.slug;
      if (slug === undefined) {
        const base = projectSlug(input.metadata.name);
        slug = uniqueSlug(base, await slugsLike(tx, access, base));
      } else if ((await slugsLike(tx, access, slug)).has(slug)) {
        throw new AppError('conflict', slugTaken(slug));
      }
      const id = await insertProject(tx, access, { name: input.metadata.name, slug });
      await linkTools(tx, access, id, toolIds);
      await markWorkspaceChanged(tx, access.workspaceId);
      return requireProject(tx, access, { id });
    }),
  );
}

/** Editors and admins rename, re-slug or link a repository to a project. */
export async function updateProject(
  db: Database,
  actor: Actor,
  projectId: string,
  input: UpdateProject,
): Promise<Project> {
  return withSlugConflicts(input.slug, () =>
    inTransaction(db, async (tx) => {
      const access = await authorizeProject(tx, actor, projectId, 'catalog:write');
      const patch: ProjectPatch = {};
      if (input.metadata) patch.name = input.metadata.name;
      if (input.slug !== undefined) patch.slug = input.slug;
      if (input.repository !== undefined) Object.assign(patch, repositoryPatch(input.repository));
      if (!(await writeProject(tx, access, projectId, patch)))
        throw new AppError('not_found', PROJECT_NOT_FOUND);
      await markWorkspaceChanged(tx, access.workspaceId);
      return requireProject(tx, access, { id: projectId });
    }),
  );
}

export async function deleteProject(db: Database, actor: Actor, projectId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const access = await authorizeProject(tx, actor, projectId, 'catalog:write');
    if (!(await removeProject(tx, access, projectId))) throw new AppError('not_found', PROJECT_NOT_FOUND);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}

export async function listProjectTools(db: Database, actor: Actor, projectId: string): Promise<Tool[]> {
  const access = await authorizeProject(db, actor, projectId, 'catalog:read');
  return listToolsOfProject(db, access, projectId);
}

/** Editors and admins link a tool of the workspace to the project; linking twice is no error. */
export function linkProjectTool(
  db: Database,
  actor: Actor,
  projectId: string,
  toolId: string,
): Promise<void> {
  return changeProjectTools(db, actor, projectId, async (tx, access) => {
    await requireTools(tx, access, [toolId], 'not_found');
    await linkTools(tx, access, projectId, [toolId]);
  });
}

export function unlinkProjectTool(
  db: Database,
  actor: Actor,
  projectId: string,
  toolId: string,
): Promise<void> {
  return changeProjectTools(db, actor, projectId, async (tx, access) => {
    if (!(await unlinkTool(tx, access, projectId, toolId))) {
      throw new AppError('not_found', 'This tool is not linked to the project.');
    }
  });
}

/** An editor's change to a project's tools, in one transaction that marks the workspace changed for sync. */
async function changeProjectTools(
  db: Database,
  actor: Actor,
  projectId: string,
  change: (tx: Executor, access: Authorized<'catalog:write'>) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const access = await authorizeProject(tx, actor, projectId, 'catalog:write');
    await change(tx, access);
    await markWorkspaceChanged(tx, access.workspaceId);
  });
}

async function requireTools(
  db: Executor,
  access: Authorized<'catalog:write'>,
  toolIds: string[],
  code: 'not_found' | 'unprocessable' = 'unprocessable',
): Promise<void> {
  const found = await existingTools(db, access, toolIds);
  const missing = toolIds.find((toolId) => !found.has(toolId));
  if (missing) {
    throw new AppError(
      code,
      code === 'not_found' ? TOOL_NOT_FOUND : `No tool of this workspace has the id ${missing}.`,
    );
  }
}

async function requireProject(
  db: Executor,
  access: Authorized<Permission>,
  where: { id: string } | { slug: string },
): Promise<Project> {
  const row = await findProject(db, access, where);
  if (!row) throw new AppError('not_found', PROJECT_NOT_FOUND);
  return row;
}

async function withSlugConflicts<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two creates at once can both pass the check; the unique (workspace, slug) constraint decides.
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', slug ? slugTaken(slug) : 'The project could not be saved; try again.', {
        cause: error,
      });
    }
    throw error;
  }
}

function repositoryPatch(input: ProjectRepositoryInput | null): ProjectPatch {
  if (!input)
    return { repositoryOwner: null, repositoryName: null, repositoryBranch: null, repositoryPath: null };
  const [owner = '', name = ''] = input.full_name.split('/');
  return {
    repositoryOwner: owner,
    repositoryName: name,
    repositoryBranch: input.branch ?? null,
    repositoryPath: input.path ?? '',
  };
}
