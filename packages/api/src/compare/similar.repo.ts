import { sql } from 'drizzle-orm';
import { tags, toolFacts, tools, toolTags, workspaceTools } from '@stackyard/db/schema';
import type { CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';
import { toolIconMedia, toolName } from '../catalog/tool-columns.ts';

export interface SimilarToolRow {
  workspace_tool_id: string;
  slug: string;
  name: string | null;
  icon_media: string | null;
  rating: number | null;
  shared_tags: string[];
  shared_topics: string[];
}

/**
 * The workspace's other tools sharing tags (tool_tags) or GitHub topics (the repository facts) with one tool,
 * ranked by how many they share, then rating, then slug. Shared names come back as JSON arrays: both engines
 * decode them alike.
 */
export async function listSimilarTools(
  db: Executor,
  access: CatalogReader,
  workspaceToolId: string,
  limit: number,
): Promise<SimilarToolRow[]> {
  const topicsOf = (toolId: unknown) => sql`(
    select ${toolFacts.data}->'topics' from ${toolFacts}
    where ${toolFacts.toolId} = ${toolId} and ${toolFacts.source} = 'github' and ${toolFacts.subject} = ''
      and jsonb_typeof(${toolFacts.data}->'topics') = 'array')`;
  const result = (await db.execute(sql`
    with mine as (
      select ${workspaceTools.toolId} as tool_id from ${workspaceTools}
      where ${workspaceTools.id} = ${workspaceToolId} and ${workspaceTools.workspaceId} = ${access.workspaceId}
    ),
    my_topics as (
      select jsonb_array_elements_text(${topicsOf(sql`(select tool_id from mine)`)}) as topic
    ),
    tag_hits as (
      select other.workspace_tool_id as id, json_agg(${tags.name} order by lower(${tags.name})) as names,
        count(*) as shared
      from ${toolTags} as other
      join ${tags} on ${tags.id} = other.tag_id
      where other.tag_id in (select tag_id from ${toolTags} where workspace_tool_id = ${workspaceToolId})
        and other.workspace_tool_id <> ${workspaceToolId}
      group by other.workspace_tool_id
    ),
    topic_hits as (
      select candidate.id, json_agg(topic.value order by topic.value) as names, count(*) as shared
      from ${workspaceTools} as candidate
      cross join lateral jsonb_array_elements_text(${topicsOf(sql`candidate.tool_id`)}) as topic(value)
      where candidate.workspace_id = ${access.workspaceId} and candidate.id <> ${workspaceToolId}
        and exists (select 1 from my_topics) and topic.value in (select topic from my_topics)
      group by candidate.id
    )
    select ${workspaceTools.id} as workspace_tool_id, ${workspaceTools.slug} as slug, ${toolName} as name,
      ${toolIconMedia} as icon_media, ${workspaceTools.rating} as rating,
      coalesce(tag_hits.names, '[]'::json) as shared_tags, coalesce(topic_hits.names, '[]'::json) as shared_topics
    from ${workspaceTools}
    join ${tools} on ${tools.id} = ${workspaceTools.toolId}
    left join tag_hits on tag_hits.id = ${workspaceTools.id}
    left join topic_hits on topic_hits.id = ${workspaceTools.id}
    where ${workspaceTools.workspaceId} = ${access.workspaceId}
      and (tag_hits.id is not null or topic_hits.id is not null)
    order by coalesce(tag_hits.shared, 0) + coalesce(topic_hits.shared, 0) desc,
      ${workspaceTools.rating} desc nulls last, ${workspaceTools.slug}
    limit ${limit}`)) as unknown as { rows: SimilarToolRow[] };
  return result.rows.map((row) => ({
    ...row,
    shared_tags:
      typeof row.shared_tags === 'string' ? (JSON.parse(row.shared_tags) as string[]) : row.shared_tags,
    shared_topics:
      typeof row.shared_topics === 'string' ? (JSON.parse(row.shared_topics) as string[]) : row.shared_topics,
  }));
}
