import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  projects,
  projectTools,
  tags,
  tools,
  toolTags,
  workspaceTools,
  workspaceToolStances,
} from '@stackyard/db/schema';
import type { ToolFacts } from '@stackyard/contracts/facts';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';
import { toolFactsOf } from '../facts/facts.repo.ts';
import {
  toolDescription,
  toolForgeUrl,
  toolHomepageUrl,
  toolIconMedia,
  toolName,
} from '../catalog/tool-columns.ts';

// What the comparison reads of the workspace's tools: each query is keyed by the few tools compared, so its
// cost does not grow with the size of the workspace.

export interface CompareToolRow {
  workspaceToolId: string;
  slug: string;
  rating: number | null;
  stance: ToolStance;
  name: string | null;
  description: string | null;
  /** The app's stored copy of the tool's icon, if any. */
  iconMedia: string | null;
  homepageUrl: string | null;
  forgeUrl: string | null;
  facts: ToolFacts;
}

export async function findToolsBySlug(
  db: Executor,
  access: CatalogReader,
  slugs: readonly string[],
): Promise<CompareToolRow[]> {
  return db
    .select({
      workspaceToolId: workspaceTools.id,
      slug: workspaceTools.slug,
      rating: workspaceTools.rating,
      stance: sql<ToolStance>`coalesce(${workspaceToolStances.stance}, 'accepted')`,
      name: toolName,
      description: toolDescription,
      iconMedia: toolIconMedia,
      homepageUrl: toolHomepageUrl,
      forgeUrl: toolForgeUrl,
      facts: toolFactsOf(workspaceTools.id, workspaceTools.toolId),
    })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), inArray(workspaceTools.slug, [...slugs])));
}

export async function listToolTags(db: Executor, workspaceToolIds: readonly string[]) {
  return db
    .select({ workspaceToolId: toolTags.workspaceToolId, id: tags.id, tagName: tags.name, color: tags.color })
    .from(toolTags)
    .innerJoin(tags, eq(tags.id, toolTags.tagId))
    .where(inArray(toolTags.workspaceToolId, [...workspaceToolIds]))
    .orderBy(asc(sql`lower(${tags.name})`));
}

export async function listToolProjects(db: Executor, workspaceToolIds: readonly string[]) {
  return db
    .select({
      workspaceToolId: projectTools.workspaceToolId,
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
    })
    .from(projectTools)
    .innerJoin(projects, eq(projects.id, projectTools.projectId))
    .where(inArray(projectTools.workspaceToolId, [...workspaceToolIds]))
    .orderBy(asc(projects.name));
}

export interface CommentSummaryRow {
  workspace_tool_id: string;
  id: string;
  commenter_id: string;
  commenter_username: string | null;
  content: string;
  created_at: string | Date;
  total: number | string;
}

/** Each tool's latest `perTool` comments (newest first), each row carrying the tool's comment count. */
export async function listLatestComments(
  db: Executor,
  workspaceToolIds: readonly string[],
  perTool: number,
): Promise<CommentSummaryRow[]> {
  const ids = sql.join(
    workspaceToolIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select ranked.workspace_tool_id, ranked.id, ranked.commenter_id, u.username as commenter_username,
      ranked.content, ranked.created_at, ranked.total
    from (
      select c.workspace_tool_id, c.id, c.commenter_id, c.content, c.created_at,
        row_number() over (partition by c.workspace_tool_id order by c.created_at desc, c.id desc) as position,
        count(*) over (partition by c.workspace_tool_id) as total
      from comments c
      where c.workspace_tool_id in (${ids})
    ) ranked
    left join usernames u on u.identity_id = ranked.commenter_id and u.is_current
    where ranked.position <= ${perTool}
    order by ranked.workspace_tool_id, ranked.created_at desc, ranked.id desc`)) as unknown as {
    rows: CommentSummaryRow[];
  };
  return result.rows;
}
