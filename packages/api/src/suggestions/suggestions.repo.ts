import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  projects,
  projectTools,
  suggestions,
  tags,
  toolFacts,
  tools,
  toolTags,
  usernames,
  workspaces,
  workspaceTools,
  workspaceToolStances,
  type SuggestionContent,
} from '@stackyard/db/schema';
import type { ToolStance } from '@stackyard/contracts/stack';
import type { Suggestion, SuggestionEngine } from '@stackyard/contracts/suggestion';
import type { Authorized, CatalogReader } from '../access/access.ts';
import { isoText, type Executor } from '../db.ts';
import { toolDescription, toolName } from '../catalog/tool-columns.ts';
import type { EngineTool } from './engine.ts';
import type { ExistingProject } from './next-steps.ts';
import { currentUsernameOf } from '../profiles/profiles.repo.ts';

/** A suggestion being decided on: its status, and the stored plan an accepted one becomes a project with. */
export type SuggestionRow = Pick<typeof suggestions.$inferSelect, 'status' | 'content'>;

const { content } = suggestions;

/**
 * A suggestion as the API answers it, from its stored content. A tool without a role (proposed by a model
 * before roles were required) is a 'Tool', in the order stored. json_strip_nulls drops stretch_category when
 * it is unset or blank: it is the one field of a suggestion that may be missing, and none may be null.
 */
const suggestion = sql<Suggestion>`json_strip_nulls(json_build_object('id', ${suggestions.id},
  'title', ${content}->'title', 'pitch', ${content}->'pitch', 'why', ${content}->'why',
  'tools', (select coalesce(jsonb_agg(tool || jsonb_build_object('role', coalesce(tool->>'role', 'Tool'))
    order by ord), '[]') from jsonb_array_elements(${content}->'tools') with ordinality as t(tool, ord)),
  'stretch_category', nullif(${content}->>'stretch_category', ''), 'difficulty', ${content}->'difficulty',
  'scope', ${content}->'scope', 'milestones', ${content}->'milestones', 'archetype', ${content}->'archetype',
  'engine', ${suggestions.engine}, 'created_at', ${isoText(suggestions.createdAt)}))`;

/**
 * The workspace's tools as the engine sees them: stance, rating, category, labels (tag names, then the
 * repository's GitHub topics from the tool facts, hyphens read as spaces: "state-management") and project count.
 */
export async function listEngineTools(db: Executor, access: CatalogReader): Promise<EngineTool[]> {
  // One pass over the workspace's tag links and project links each, joined by tool (not a subquery per tool).
  const labels = db
    .select({
      workspaceToolId: toolTags.workspaceToolId,
      names: sql<string[]>`array_agg(${tags.name})`.as('names'),
    })
    .from(toolTags)
    .innerJoin(tags, eq(tags.id, toolTags.tagId))
    .where(eq(tags.workspaceId, access.workspaceId))
    .groupBy(toolTags.workspaceToolId)
    .as('labels');
  const usage = db
    .select({
      workspaceToolId: projectTools.workspaceToolId,
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(projectTools)
    .innerJoin(projects, eq(projects.id, projectTools.projectId))
    .where(eq(projects.workspaceId, access.workspaceId))
    .groupBy(projectTools.workspaceToolId)
    .as('usage');
  const rows = await db
    .select({
      id: workspaceTools.id,
      slug: workspaceTools.slug,
      name: toolName,
      description: toolDescription,
      stance: sql<ToolStance>`coalesce(${workspaceToolStances.stance}, 'accepted')`,
      rating: workspaceTools.rating,
      category: workspaceToolStances.category,
      labels: sql<string[]>`coalesce(${labels.names}, '{}')`,
      topics: sql<unknown>`(select ${toolFacts.data}->'topics' from ${toolFacts}
        where ${toolFacts.toolId} = ${tools.id} and ${toolFacts.source} = 'github' and ${toolFacts.subject} = '')`,
      projectCount: sql<number>`coalesce(${usage.count}, 0)`,
    })
    .from(workspaceTools)
    .innerJoin(tools, eq(tools.id, workspaceTools.toolId))
    .leftJoin(workspaceToolStances, eq(workspaceToolStances.workspaceToolId, workspaceTools.id))
    .leftJoin(labels, eq(labels.workspaceToolId, workspaceTools.id))
    .leftJoin(usage, eq(usage.workspaceToolId, workspaceTools.id))
    .where(eq(workspaceTools.workspaceId, access.workspaceId))
    .orderBy(workspaceTools.slug);
  return rows.map(({ topics, ...row }) => ({
    ...row,
    name: row.name?.trim() || row.slug,
    labels: [...row.labels, ...topicLabels(topics)],
  }));
}

/** GitHub topics as words: the facts keep them as an array of lower-case, hyphenated names. */
function topicLabels(topics: unknown): string[] {
  const list: unknown = typeof topics === 'string' ? JSON.parse(topics) : topics;
  if (!Array.isArray(list)) return [];
  return list
    .filter((topic): topic is string => typeof topic === 'string')
    .map((topic) => topic.replaceAll('-', ' '));
}

/** The workspace's projects: names and linked tool ids. */
export async function listProjectToolSets(db: Executor, access: CatalogReader): Promise<ExistingProject[]> {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      slug: projects.slug,
      toolIds: sql<
        string[]
      >`coalesce((select array_agg(${projectTools.workspaceToolId}::text) from ${projectTools}
        where ${projectTools.projectId} = ${projects.id}), '{}')`,
    })
    .from(projects)
    .where(eq(projects.workspaceId, access.workspaceId))
    .orderBy(projects.name, projects.id);
}

/** Fingerprints and title keys of the suggestions the team already decided on (dismissed or accepted). */
export async function listDecided(
  db: Executor,
  access: CatalogReader,
): Promise<{ fingerprints: Set<string>; titleKeys: Set<string> }> {
  const rows = await db
    .select({ fingerprint: suggestions.fingerprint, titleKey: suggestions.titleKey })
    .from(suggestions)
    .where(and(eq(suggestions.workspaceId, access.workspaceId), ne(suggestions.status, 'open')));
  return {
    fingerprints: new Set(rows.map((row) => row.fingerprint)),
    titleKeys: new Set(rows.map((row) => row.titleKey)),
  };
}

/** Title keys of the open suggestions one engine has stored (the model is asked for different ones). */
export async function listOpenTitleKeys(
  db: Executor,
  access: CatalogReader,
  engine: SuggestionEngine,
): Promise<string[]> {
  const rows = await db
    .select({ titleKey: suggestions.titleKey })
    .from(suggestions)
    .where(
      and(
        eq(suggestions.workspaceId, access.workspaceId),
        eq(suggestions.status, 'open'),
        eq(suggestions.engine, engine),
      ),
    );
  return rows.map((row) => row.titleKey);
}

export interface NewSuggestion {
  fingerprint: string;
  titleKey: string;
  engine: SuggestionEngine;
  content: SuggestionContent;
}

/**
 * Stores the suggestions shown (a known fingerprint keeps its row and id; an open one gets the fresh text) and
 * returns the open ones in the order given. A suggestion decided on meanwhile is left out.
 */
export async function saveShown(
  db: Executor,
  access: CatalogReader,
  shown: NewSuggestion[],
): Promise<Suggestion[]> {
  if (shown.length === 0) return [];
  await db
    .insert(suggestions)
    .values(shown.map((entry) => ({ workspaceId: access.workspaceId, ...entry })))
    .onConflictDoUpdate({
      target: [suggestions.workspaceId, suggestions.fingerprint],
      set: { content: sql`excluded.content`, titleKey: sql`excluded.title_key`, updatedAt: sql`now()` },
      setWhere: sql`${suggestions.status} = 'open'`,
    });
  const rows = await db
    .select({ fingerprint: suggestions.fingerprint, suggestion })
    .from(suggestions)
    .where(
      and(
        eq(suggestions.workspaceId, access.workspaceId),
        eq(suggestions.status, 'open'),
        inArray(
          suggestions.fingerprint,
          shown.map((entry) => entry.fingerprint),
        ),
      ),
    );
  const order = new Map(shown.map((entry, index) => [entry.fingerprint, index]));
  return rows
    .sort((a, b) => (order.get(a.fingerprint) ?? 0) - (order.get(b.fingerprint) ?? 0))
    .map((row) => row.suggestion);
}

/** One suggestion of the workspace, locked for the decision being made on it. */
export async function findSuggestionForUpdate(
  db: Executor,
  access: Authorized<'suggestions:decide'>,
  suggestionId: string,
): Promise<SuggestionRow | null> {
  const [row] = await db
    .select({ status: suggestions.status, content })
    .from(suggestions)
    .where(and(eq(suggestions.workspaceId, access.workspaceId), eq(suggestions.id, suggestionId)))
    .for('update');
  return row ?? null;
}

export async function markDismissed(
  db: Executor,
  access: Authorized<'suggestions:decide'>,
  suggestionId: string,
  reason: string | null,
): Promise<void> {
  await db
    .update(suggestions)
    .set({
      status: 'dismissed',
      dismissReason: reason,
      decidedBy: access.userId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(suggestions.workspaceId, access.workspaceId), eq(suggestions.id, suggestionId)));
}

export async function markAccepted(
  db: Executor,
  access: Authorized<'suggestions:decide'>,
  suggestionId: string,
  projectId: string,
): Promise<void> {
  await db
    .update(suggestions)
    .set({
      status: 'accepted',
      projectId,
      decidedBy: access.userId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(suggestions.workspaceId, access.workspaceId), eq(suggestions.id, suggestionId)));
}

/** The owner's current username and the workspace slug: the web app's paths start with them. */
export async function findWorkspacePath(
  db: Executor,
  access: CatalogReader,
): Promise<{ username: string | null; slug: string } | null> {
  const [row] = await db
    .select({ username: usernames.username, slug: workspaces.slug })
    .from(workspaces)
    .leftJoin(usernames, currentUsernameOf(workspaces.ownerId))
    .where(eq(workspaces.id, access.workspaceId))
    .limit(1);
  return row ?? null;
}
