import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  comments,
  projects,
  projectTools,
  toolFacts,
  tools,
  workspaces,
  workspaceTools,
  workspaceToolStances,
} from '@stackyard/db/schema';
import type { PackageEcosystem } from '@stackyard/contracts/facts';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { CatalogReader } from '../access/access.ts';
import { toolDescription, toolForgeUrl, toolHomepageUrl, toolName } from '../catalog/tool-columns.ts';
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
  commentContent: string | null;
  commenterId: string | null;
  commentUpdatedAt: Date | null;
  /** The packages the tool facts know (registry or deps.dev), with their latest versions. */
  factPackages: FactPackage[];
}

export interface FactPackage {
  ecosystem: PackageEcosystem;
  name: string;
  version: string | null;
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

/** One stack row as the statement below sends it: a JSON array, in this order. */
type StackToolTuple = [
  id: string,
  slug: string,
  rawSubmittedUrl: string,
  rating: number | null,
  name: string | null,
  description: string | null,
  homepageUrl: string | null,
  forgeUrl: string | null,
  stance: ToolStance,
  note: string | null,
  category: string | null,
  commentContent: string | null,
  commenterId: string | null,
  commentUpdatedAt: string | null,
  factPackages: [ecosystem: PackageEcosystem, name: string, version: string | null][] | null,
];

/** Which of the workspace's tools the stack holds: those linked to one project, those of one category. */
export interface StackToolFilter {
  projectId: string | null;
  /** Matched in any case: "orm" reads the tools of "ORM" and of "Orm". */
  category: string | null;
}

/**
 * The workspace's tools with their stances and each one's top comment (the one marked for assistants) (or only those the filter keeps), in one
 * statement answering one text value: a JSON array of rows. The export reads every tool on each request, and the
 * embedded database decodes each field of a result apart (500 tools × 14 columns cost more than rendering all
 * the files); one field costs a fraction of that, on PostgreSQL too.
 */
export async function listStackTools(
  db: Executor,
  access: CatalogReader,
  filter: StackToolFilter,
): Promise<StackToolRow[]> {
  // A project's or a category's few tools look up their top comments one by one (LATERAL: ~1 ms at 10,000 tools
  // and 30,000 comments, where sorting every comment of the workspace takes ~50 ms); the whole workspace sorts
  // them once (DISTINCT ON), cheaper than a lookup per tool. The lateral's join condition only restates its own.
  const narrowed = filter.projectId !== null || filter.category !== null;
  const top = narrowed ? topCommentOfTool(db) : topComments(db, access);
  const query = db
    .select({
      rows: sql<string>`coalesce(json_agg(json_build_array(
        ${workspaceTools.id}, ${workspaceTools.slug}, ${workspaceTools.rawSubmittedUrl}, ${workspaceTools.rating},
        ${toolName}, ${toolDescription}, ${toolHomepageUrl}, ${toolForgeUrl},
        coalesce(${workspaceToolStances.stance}, 'accepted'), ${workspaceToolStances.note},
        ${workspaceToolStances.category}, ${top.content}, ${top.commenterId},
        date_trunc('milliseconds', ${top.updatedAt}), ${factPackages(db)}
      )), '[]')::text`,
    })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
    .$dynamic();
  const onTool = eq(top.workspaceToolId, workspaceTools.id);
  const joined = narrowed ? query.leftJoinLateral(top, onTool) : query.leftJoin(top, onTool);
  const [answer] = await joined.where(stackToolFilter(db, access, filter));
  const tuples = JSON.parse(answer?.rows ?? '[]') as StackToolTuple[];
  return tuples.map(
    ([
      id,
      slug,
      rawSubmittedUrl,
      rating,
      name,
      description,
      homepageUrl,
      forgeUrl,
      stance,
      note,
      category,
      commentContent,
      commenterId,
      commentUpdatedAt,
      packages,
    ]) => ({
      id,
      slug,
      rawSubmittedUrl,
      rating,
      name,
      description,
      homepageUrl,
      forgeUrl,
      stance,
      note,
      category,
      commentContent,
      commenterId,
      commentUpdatedAt: commentUpdatedAt === null ? null : new Date(commentUpdatedAt),
      factPackages: (packages ?? []).map(([ecosystem, name, version]) => ({ ecosystem, name, version })),
    }),
  );
}

/** The tool's packages from its facts (rows of a package subject that have facts), ordered by subject. */
function factPackages(db: Executor) {
  const packages = db
    .select({
      list: sql`json_agg(json_build_array(
        ${toolFacts.data}->>'ecosystem', ${toolFacts.data}->>'name', ${toolFacts.data}->>'latest_version'
      ) order by ${toolFacts.subject}, ${toolFacts.source})`,
    })
    .from(toolFacts)
    .where(and(eq(toolFacts.toolId, tools.id), sql`${toolFacts.subject} <> ''`, isNotNull(toolFacts.data)));
  return sql`(${packages})`;
}

/**
 * Each tool's comment most recently marked for assistants by an editor (ties broken by id, so the answer is
 * stable). An unmarked comment never reaches the stack: any member, a viewer too, may write one.
 */
function topComments(db: Executor, access: CatalogReader) {
  return db
    .selectDistinctOn([comments.workspaceToolId], {
      workspaceToolId: comments.workspaceToolId,
      content: comments.content,
      commenterId: comments.commenterId,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .where(
      and(
        eq(comments.workspaceId, access.workspaceId),
        isNotNull(comments.workspaceToolId),
        isNotNull(comments.forAssistantsAt),
      ),
    )
    .orderBy(comments.workspaceToolId, desc(comments.forAssistantsAt), desc(comments.id))
    .as('top_comment');
}

/** The same top comment, of the outer row's tool only (joined laterally), in the same order. */
function topCommentOfTool(db: Executor) {
  return db
    .select({
      workspaceToolId: comments.workspaceToolId,
      content: comments.content,
      commenterId: comments.commenterId,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .where(and(eq(comments.workspaceToolId, workspaceTools.id), isNotNull(comments.forAssistantsAt)))
    .orderBy(desc(comments.forAssistantsAt), desc(comments.id))
    .limit(1)
    .as('top_comment');
}

/** The workspace's tools, narrowed to one project of it and to one category when the filter names them. */
function stackToolFilter(db: Executor, access: CatalogReader, filter: StackToolFilter): SQL | undefined {
  return and(
    eq(workspaceTools.workspaceId, access.workspaceId),
    filter.projectId === null
      ? undefined
      : inArray(
          workspaceTools.id,
          db
            .select({ id: projectTools.workspaceToolId })
            .from(projectTools)
            .where(eq(projectTools.projectId, filter.projectId)),
        ),
    filter.category === null
      ? undefined
      : sql`lower(${workspaceToolStances.category}) = lower(${filter.category})`,
  );
}
