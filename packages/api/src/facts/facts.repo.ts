import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  jobs,
  toolFactRefreshes,
  toolFacts,
  tools,
  workspaceTools,
  type StoredFact,
} from '@stackyard/db/schema';
import type { FactSource, FactStatus, ToolFacts } from '@stackyard/contracts/facts';
import type { CatalogReader } from '../access/access.ts';
import { isoText, type Executor } from '../db.ts';

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

/**
 * A tool's facts as the API answers them, asked through the workspace tool `workspaceToolId` of the global
 * tool `toolId`: the repository's and each package's last facts fetched (the repository and the deps.dev
 * project have no subject), every source's last fetch in (source, subject) order, the last refresh, and
 * whether a refresh job waits or runs.
 */
export function toolFactsOf(workspaceToolId: AnyPgColumn, toolId: AnyPgColumn): SQL<ToolFacts> {
  const fact = toolFacts;
  const facts = sql`(select json_build_object(
      'workspace_tool_id', ${workspaceToolId},
      'repository', (array_agg(${fact.data} order by ${fact.subject} desc)
        filter (where ${fact.source} = 'github' and ${fact.data} is not null))[1],
      'packages', coalesce(json_agg(${fact.data} order by ${fact.source}, ${fact.subject})
        filter (where ${fact.source} <> 'github' and ${fact.subject} <> '' and ${fact.data} is not null),
        '[]'),
      'sources', coalesce(json_agg(json_build_object('source', ${fact.source},
          'package', nullif(${fact.subject}, ''), 'fetched_at', ${isoText(fact.checkedAt)},
          'status', ${fact.status}, 'error', ${fact.error})
        order by ${fact.source}, ${fact.subject}), '[]'),
      'refreshed_at', (select ${isoText(toolFactRefreshes.refreshedAt)} from ${toolFactRefreshes}
        where ${toolFactRefreshes.toolId} = ${toolId}),
      'refresh_queued', exists (select 1 from ${jobs}
        where ${jobs.queue} = 'tool-facts' and ${jobs.state} in ('queued', 'running')
          and ${jobs.payload}->>'toolId' = ${toolId}::text))
    from ${fact} where ${fact.toolId} = ${toolId})`;
  // Nested: in a select from one table Drizzle writes a selected expression's own columns without their
  // table, and tool_id would then name tool_facts' column inside the subquery.
  return sql<ToolFacts>`${facts}`;
}

/** A workspace tool's facts as the API answers them; null when the caller's workspace has no such tool. */
export async function findToolFacts(
  db: Executor,
  access: CatalogReader,
  workspaceToolId: string,
): Promise<ToolFacts | null> {
  const [row] = await db
    .select({ facts: toolFactsOf(workspaceTools.id, workspaceTools.toolId) })
    .from(workspaceTools)
    .where(and(eq(workspaceTools.workspaceId, access.workspaceId), eq(workspaceTools.id, workspaceToolId)))
    .limit(1);
  return row?.facts ?? null;
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
