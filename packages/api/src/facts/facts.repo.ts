import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { toolFactRefreshes, toolFacts, tools, workspaceTools, type StoredFact } from '@stackyard/db/schema';
import type { FactSource, FactStatus } from '@stackyard/contracts/facts';
import type { CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

// The only writer of tool_facts and tool_fact_refreshes. Facts are global per tool: the job writes them for
// the tool, and a workspace reads them through its workspace tool.

export interface FactRow {
  toolId: string;
  source: FactSource;
  subject: string;
  status: FactStatus;
  error: string | null;
  checkedAt: Date;
  etags: Record<string, string>;
  data: StoredFact | null;
}

export interface FactTarget {
  id: string;
  canonicalUrl: string;
  homepageUrl: string | null;
  forgeUrl: string | null;
}

/** The global tool's links the facts are fetched from. */
export async function findFactTarget(db: Executor, toolId: string): Promise<FactTarget | null> {
  const [row] = await db
    .select({
      id: tools.id,
      canonicalUrl: tools.canonicalUrl,
      homepageUrl: tools.homepageUrl,
      forgeUrl: tools.forgeUrl,
    })
    .from(tools)
    .where(eq(tools.id, toolId))
    .limit(1);
  return row ?? null;
}

/** The global tool behind a workspace tool of the caller's workspace. */
export async function findGlobalTool(db: Executor, access: CatalogReader, workspaceToolId: string) {
  const [row] = await db
    .select({ toolId: workspaceTools.toolId })
    .from(workspaceTools)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, workspaceToolId)))
    .limit(1);
  return row?.toolId ?? null;
}

/** The global tool behind a workspace tool that was just made (the ingestion job's, already authorized). */
export async function globalToolOf(db: Executor, workspaceToolId: string): Promise<string | null> {
  const [row] = await db
    .select({ toolId: workspaceTools.toolId })
    .from(workspaceTools)
    .where(eq(workspaceTools.id, workspaceToolId))
    .limit(1);
  return row?.toolId ?? null;
}

export async function listFacts(db: Executor, toolIds: readonly string[]): Promise<FactRow[]> {
  if (toolIds.length === 0) return [];
  return db
    .select()
    .from(toolFacts)
    .where(inArray(toolFacts.toolId, [...toolIds]))
    .orderBy(toolFacts.toolId, toolFacts.source, toolFacts.subject);
}

export async function listRefreshTimes(db: Executor, toolIds: readonly string[]): Promise<Map<string, Date>> {
  if (toolIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(toolFactRefreshes)
    .where(inArray(toolFactRefreshes.toolId, [...toolIds]));
  return new Map(rows.map((row) => [row.toolId, row.refreshedAt]));
}

/** Replaces a tool's facts with this refresh's rows (a package no longer linked goes) and stamps the time. */
export async function saveFacts(
  db: Executor,
  toolId: string,
  rows: FactRow[],
  refreshedAt: Date,
): Promise<void> {
  const subjects = rows.map((row) => `${row.source}|${row.subject}`);
  await db
    .delete(toolFacts)
    .where(
      and(
        eq(toolFacts.toolId, toolId),
        subjects.length > 0
          ? notInArray(sql`${toolFacts.source} || '|' || ${toolFacts.subject}`, subjects)
          : sql`true`,
      ),
    );
  if (rows.length > 0) {
    await db
      .insert(toolFacts)
      .values(rows)
      .onConflictDoUpdate({
        target: [toolFacts.toolId, toolFacts.source, toolFacts.subject],
        set: {
          status: sql`excluded.status`,
          error: sql`excluded.error`,
          checkedAt: sql`excluded.checked_at`,
          etags: sql`excluded.etags`,
          data: sql`excluded.data`,
        },
      });
  }
  await db
    .insert(toolFactRefreshes)
    .values({ toolId, refreshedAt })
    .onConflictDoUpdate({ target: toolFactRefreshes.toolId, set: { refreshedAt } });
}

/**
 * Global tools some workspace holds whose facts were never refreshed or not since `before`, oldest first.
 * A tool whose refresh a job already waits for is left to it (the job's dedupe key says so).
 */
export async function findStaleTools(db: Executor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: tools.id })
    .from(tools)
    .leftJoin(toolFactRefreshes, eq(toolFactRefreshes.toolId, tools.id))
    .where(
      and(
        or(isNull(toolFactRefreshes.refreshedAt), lt(toolFactRefreshes.refreshedAt, before)),
        sql`exists (select 1 from ${workspaceTools} where ${workspaceTools.toolId} = ${tools.id})`,
      ),
    )
    .orderBy(sql`${toolFactRefreshes.refreshedAt} asc nulls first`, asc(tools.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Whether a facts job for the tool is queued or running. */
export async function refreshPending(db: Executor, toolIds: readonly string[]): Promise<Set<string>> {
  if (toolIds.length === 0) return new Set();
  const result = (await db.execute(sql`
    select payload->>'toolId' as tool_id from jobs
    where queue = 'tool-facts' and state in ('queued', 'running')
      and payload->>'toolId' in (${sql.join(
        toolIds.map((id) => sql`${id}`),
        sql`, `,
      )})`)) as unknown as { rows: Array<{ tool_id: string }> };
  return new Set(result.rows.map((row) => row.tool_id));
}
