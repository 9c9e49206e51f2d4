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
import type { StackTool } from '@stackyard/contracts/stack';
import type { CatalogReader } from '../access/access.ts';
import { toolDescription, toolForgeUrl, toolHomepageUrl, toolName } from '../catalog/tool-columns.ts';
import { isoText, type Executor } from '../db.ts';

/**
 * A stack tool as the API answers it but for its packages: the service reads those from the tool's URLs (parsing
 * them is not SQL's work) and `factPackages`. `category` groups the tools.
 */
export type StackToolRow = Omit<StackTool, 'packages'> & {
  category: string | null;
  factPackages: FactPackage[];
};

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

// What JavaScript's trim() removes: a name of nothing else is blank, and the slug stands for it.
const WHITESPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029' +
  '\u202f\u205f\u3000\ufeff';

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
      rows: sql<string>`coalesce(json_agg(json_build_object(
        'workspace_tool_id', ${workspaceTools.id}, 'slug', ${workspaceTools.slug},
        'name', coalesce(nullif(btrim(${toolName}, ${WHITESPACE}), ''), ${workspaceTools.slug}),
        'description', ${toolDescription},
        'url', coalesce(${toolHomepageUrl}, ${toolForgeUrl}, ${workspaceTools.rawSubmittedUrl}),
        'raw_submitted_url', ${workspaceTools.rawSubmittedUrl}, 'homepage_url', ${toolHomepageUrl},
        'forge_url', ${toolForgeUrl}, 'stance', coalesce(${workspaceToolStances.stance}, 'accepted'),
        'note', ${workspaceToolStances.note}, 'rating', ${workspaceTools.rating},
        'top_comment', case when ${top.commenterId} is not null then json_build_object('content', ${top.content},
          'commenter_id', ${top.commenterId}, 'updated_at', ${isoText(top.updatedAt)}) end,
        'category', ${workspaceToolStances.category}, 'factPackages', ${factPackages(db)}
      )), '[]')::text`,
    })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
    .$dynamic();
  const onTool = eq(top.workspaceToolId, workspaceTools.id);
  const joined = narrowed ? query.leftJoinLateral(top, onTool) : query.leftJoin(top, onTool);
  const [answer] = await joined.where(stackToolFilter(db, access, filter));
  return JSON.parse(answer?.rows ?? '[]') as StackToolRow[];
}

/** The tool's packages from its facts (rows of a package subject that have facts), ordered by subject. */
function factPackages(db: Executor) {
  const packages = db
    .select({
      list: sql`coalesce(json_agg(json_build_object('ecosystem', ${toolFacts.data}->>'ecosystem',
        'name', ${toolFacts.data}->>'name', 'version', ${toolFacts.data}->>'latest_version'
      ) order by ${toolFacts.subject}, ${toolFacts.source}), '[]')`,
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
