import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  comments,
  projects,
  projectTools,
  tools,
  workspaces,
  workspaceTools,
  workspaceToolStances,
} from '@stackyard/db/schema';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

export interface StackToolRow {
  id: string;
  slug: string;
  rawSubmittedUrl: string;
  rating: number | null;
  name: string | null;
  description: string | null;
  homepageUrl: string | null;
  forgeUrl: string | null;
  stance: ToolStance;
  note: string | null;
  category: string | null;
}

export interface TopCommentRow {
  workspaceToolId: string;
  content: string;
  commenterId: string;
  updatedAt: Date;
}

export interface NamedRow {
  id: string;
  name: string;
  slug: string;
}

export async function findStackWorkspace(db: Executor, access: CatalogReader): Promise<NamedRow | null> {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug })
    .from(workspaces)
    .where(eq(workspaces.id, access.workspaceId))
    .limit(1);
  return row ?? null;
}

export async function findStackProject(
  db: Executor,
  access: CatalogReader,
  projectId: string,
): Promise<NamedRow | null> {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, slug: projects.slug })
    .from(projects)
    .where(and(eq(projects.workspaceId, access.workspaceId), eq(projects.id, projectId)))
    .limit(1);
  return row ?? null;
}

/** The workspace's tools with their stances (or only the tools linked to one project of it). */
export async function listStackTools(
  db: Executor,
  access: CatalogReader,
  projectId: string | null,
): Promise<StackToolRow[]> {
  return db
    .select({
      id: workspaceTools.id,
      slug: workspaceTools.slug,
      rawSubmittedUrl: workspaceTools.rawSubmittedUrl,
      rating: workspaceTools.rating,
      name: tools.name,
      description: tools.description,
      homepageUrl: tools.homepageUrl,
      forgeUrl: tools.forgeUrl,
      stance: sql<ToolStance>`coalesce(${workspaceToolStances.stance}, 'accepted')`,
      note: workspaceToolStances.note,
      category: workspaceToolStances.category,
    })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
    .where(stackToolFilter(db, access, projectId));
}

/** The workspace's tools, or only those linked to one project of it. */
function stackToolFilter(db: Executor, access: CatalogReader, projectId: string | null): SQL | undefined {
  const inWorkspace = eq(workspaceTools.workspaceId, access.workspaceId);
  if (!projectId) return inWorkspace;
  return and(
    inWorkspace,
    inArray(
      workspaceTools.id,
      db
        .select({ id: projectTools.workspaceToolId })
        .from(projectTools)
        .where(eq(projectTools.projectId, projectId)),
    ),
  );
}

/**
 * Each stack tool's most recently written or edited comment (ties broken by id, so the answer is stable). One
 * query over the workspace's tool comments, not a list of ids: a 500-tool stack stays one short statement.
 */
export async function listTopComments(
  db: Executor,
  access: CatalogReader,
  projectId: string | null,
): Promise<TopCommentRow[]> {
  const rows = await db
    .selectDistinctOn([comments.workspaceToolId], {
      workspaceToolId: comments.workspaceToolId,
      content: comments.content,
      commenterId: comments.commenterId,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .innerJoin(workspaceTools, eq(workspaceTools.id, comments.workspaceToolId))
    .where(and(eq(comments.workspaceId, access.workspaceId), stackToolFilter(db, access, projectId)))
    .orderBy(comments.workspaceToolId, desc(comments.updatedAt), desc(comments.id));
  return rows.flatMap((row) =>
    row.workspaceToolId ? [{ ...row, workspaceToolId: row.workspaceToolId }] : [],
  );
}
