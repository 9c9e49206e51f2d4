import { and, eq, like, or, sql } from 'drizzle-orm';
import { projects, projectTags, projectTools, workspaceTools } from '@stackyard/db/schema';
import type { ProjectSort } from '@stackyard/contracts/catalog';
import type { Project } from '@stackyard/contracts/project';
import type { Authorized, CatalogReader, CatalogWriter } from '../access/access.ts';
import { after, cursorKey, orderBy, page, type Cursor, type KeysetOrder } from '../catalog/pagination.ts';
import { idsInWorkspace } from '../catalog/workspace-ids.ts';
import { isoText, type Executor } from '../db.ts';

// A project as the API answers it: its repository when one is linked (owner and name both set).
const columns = {
  id: projects.id,
  workspace_id: projects.workspaceId,
  slug: projects.slug,
  metadata: { name: projects.name },
  repository: sql<Project['repository']>`case
    when ${projects.repositoryOwner} <> '' and ${projects.repositoryName} <> ''
    then json_build_object('full_name', ${projects.repositoryOwner} || '/' || ${projects.repositoryName},
      'branch', ${projects.repositoryBranch}, 'path', coalesce(${projects.repositoryPath}, ''))
    end`,
  created_at: isoText(projects.createdAt),
  updated_at: isoText(projects.updatedAt),
};

const id = sql`${projects.id}`;
export const projectOrders: Record<ProjectSort, KeysetOrder> = {
  recent: { name: 'recent', key: sql`${projects.createdAt}`, type: 'timestamptz', id, direction: 'desc' },
  name: { name: 'name', key: sql`${projects.name}`, type: 'text', id, direction: 'asc' },
};

export async function listProjects(
  db: Executor,
  access: CatalogReader,
  options: { sort: ProjectSort; cursor: Cursor | null; limit: number; tagId: string | undefined },
): Promise<{ rows: Array<Project & { cursorKey: string }>; nextCursor: string | null }> {
  const order = projectOrders[options.sort];
  const rows = await db
    .select({ ...columns, cursorKey: cursorKey(order) })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, access.workspaceId),
        after(order, options.cursor),
        options.tagId
          ? sql`exists (select 1 from ${projectTags} where ${projectTags.projectId} = ${projects.id}
              and ${projectTags.tagId} = ${options.tagId})`
          : undefined,
      ),
    )
    .orderBy(orderBy(order))
    .limit(options.limit + 1);
  return page(order, rows, options.limit);
}

export async function findProjectWorkspace(db: Executor, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: projects.workspaceId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function findProject(
  db: Executor,
  access: CatalogReader,
  where: { id: string } | { slug: string },
): Promise<Project | null> {
  const [row] = await db
    .select(columns)
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, access.workspaceId),
        'id' in where ? eq(projects.id, where.id) : eq(projects.slug, where.slug),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The workspace's project slugs that are `base` or `base-…`: the candidates a derived slug must avoid. */
export async function slugsLike(db: Executor, access: CatalogReader, base: string): Promise<Set<string>> {
  const escaped = base.replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db
    .select({ slug: projects.slug })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, access.workspaceId),
        or(eq(projects.slug, base), like(projects.slug, `${escaped}-%`)),
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

export async function insertProject(
  db: Executor,
  access: Authorized<'catalog:write'>,
  values: { name: string; slug: string },
): Promise<string> {
  const [row] = await db
    .insert(projects)
    .values({ workspaceId: access.workspaceId, ...values })
    .returning({ id: projects.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export type ProjectPatch = Partial<
  Pick<
    typeof projects.$inferInsert,
    'name' | 'slug' | 'repositoryOwner' | 'repositoryName' | 'repositoryBranch' | 'repositoryPath'
  >
>;

export async function updateProject(
  db: Executor,
  access: Authorized<'catalog:write'>,
  projectId: string,
  patch: ProjectPatch,
): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(projects.workspaceId, access.workspaceId), eq(projects.id, projectId)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

export async function deleteProject(
  db: Executor,
  access: Authorized<'catalog:write'>,
  projectId: string,
): Promise<boolean> {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.workspaceId, access.workspaceId), eq(projects.id, projectId)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/** Of these workspace tool ids, the ones that are tools of this workspace. */
export async function existingTools(
  db: Executor,
  access: CatalogReader,
  toolIds: string[],
): Promise<Set<string>> {
  return new Set(await idsInWorkspace(db, access, workspaceTools, toolIds));
}

/** Of these project ids, the ones that are the workspace's. */
export function workspaceProjectIds(
  db: Executor,
  access: CatalogReader,
  ids: readonly string[],
): Promise<string[]> {
  return idsInWorkspace(db, access, projects, ids);
}

/**
 * Links tools of the workspace to a project of the workspace (a member's edit, or a completed submission's
 * linked projects); a link that exists is kept as it is.
 */
export async function linkTools(
  db: Executor,
  access: CatalogWriter<'catalog:write' | 'ingestion:review'>,
  projectId: string,
  toolIds: string[],
): Promise<void> {
  if (toolIds.length === 0) return;
  // Both sides are matched in the permit's workspace, so no link can cross workspaces.
  await db.execute(sql`insert into ${projectTools} (project_id, workspace_tool_id)
    select p.id, t.id from ${projects} p join ${workspaceTools} t on t.workspace_id = p.workspace_id
    where p.workspace_id = ${access.workspaceId} and p.id = ${projectId}
      and t.id in (${sql.join(
        toolIds.map((toolId) => sql`${toolId}::uuid`),
        sql`, `,
      )})
    on conflict do nothing`);
}

export async function unlinkTool(
  db: Executor,
  access: Authorized<'catalog:write'>,
  projectId: string,
  toolId: string,
): Promise<boolean> {
  const rows = await db
    .delete(projectTools)
    .where(
      and(
        eq(projectTools.projectId, projectId),
        eq(projectTools.workspaceToolId, toolId),
        sql`${projectTools.projectId} in (select ${projects.id} from ${projects}
          where ${projects.workspaceId} = ${access.workspaceId})`,
      ),
    )
    .returning({ projectId: projectTools.projectId });
  return rows.length > 0;
}
