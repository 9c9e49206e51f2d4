import { sql, type SQL } from 'drizzle-orm';
import type { SearchKind } from '@stackyard/contracts/search';
import type { CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

export interface SearchRow {
  kind: SearchKind;
  id: string;
  title: string;
  slug: string | null;
  rank: number;
  snippet: string;
  target_kind: 'tool' | 'resource' | 'project' | null;
  target_id: string | null;
  target_slug: string | null;
  /** The stored icon (media hash) of a tool or resource hit. */
  icon_media: string | null;
}

/**
 * Marks ts_headline puts around matches: private-use characters, removed from the text beforehand (with
 * angle brackets, which become spaces as when the search vectors were made).
 */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Tools, resources, projects and comments of one workspace matching `text` (web-search syntax: words,
 * "phrases", or, -not; the last word also as a prefix), best first. Each branch matches through its table's GIN index (when the planner
 * finds it cheaper than a scan) and keeps its best `limit` rows; snippets are made only for the rows
 * finally answered, as ts_headline reads the whole text.
 */
export async function searchCatalog(
  db: Executor,
  access: CatalogReader,
  text: string,
  limit: number,
): Promise<SearchRow[]> {
  const result = (await db.execute(searchQuery(access.workspaceId, text, limit))) as { rows: SearchRow[] };
  return result.rows;
}

/**
 * The shortest last word that also matches as a prefix. A single letter begins a large part of all the words
 * a workspace holds: every item having one would be ranked, for hits no one is looking for yet.
 */
const MIN_PREFIX_LENGTH = 2;

/**
 * A query is usually being typed: its last word, when it is a plain word (not negated, quoted or `or`) of
 * at least MIN_PREFIX_LENGTH letters or digits, also matches longer words, so "rock" finds "Rocket".
 * Answers the text before it and that word, or null.
 */
export function splitPrefix(text: string): { rest: string; word: string } | null {
  const match = /(^|\s)([\p{L}\p{N}]+)\s*$/u.exec(text);
  const word = match?.[2];
  if (!match || !word || word.toLowerCase() === 'or' || [...word].length < MIN_PREFIX_LENGTH) return null;
  const rest = text.slice(0, match.index);
  if ((rest.match(/"/g) ?? []).length % 2 === 1) return null;
  return { rest, word };
}

function tsQuery(text: string): SQL {
  const prefix = splitPrefix(text);
  if (!prefix) return sql`websearch_to_tsquery('english'::regconfig, ${text})`;
  return sql`(websearch_to_tsquery('english'::regconfig, ${prefix.rest})
    && to_tsquery('english'::regconfig, ${`${prefix.word}:*`}))`;
}

/** The search as one SQL statement (the catalog benchmark runs it raw, as its baseline). */
export function searchQuery(ws: string, text: string, limit: number): SQL {
  // Branches rank ids only; titles, texts and what a comment is on are joined for the final rows alone.
  return sql`
    with q as (select ${tsQuery(text)} as query),
    hits as (
      (select 'tool' as kind, wt.id, ts_rank(wt.search, q.query) as rank
        from workspace_tools wt, q
        where wt.workspace_id = ${ws} and wt.search @@ q.query
        order by rank desc, wt.id limit ${limit})
      union all
      (select 'resource', r.id, ts_rank(r.search, q.query)
        from resources r, q
        where r.workspace_id = ${ws} and r.search @@ q.query
        order by 3 desc, r.id limit ${limit})
      union all
      (select 'project', p.id, ts_rank(p.search, q.query)
        from projects p, q
        where p.workspace_id = ${ws} and p.search @@ q.query
        order by 3 desc, p.id limit ${limit})
      union all
      (select 'comment', c.id, ts_rank(c.search, q.query)
        from comments c, q
        where c.workspace_id = ${ws} and c.search @@ q.query
        order by 3 desc, c.id limit ${limit})
    ),
    top as (select * from hits order by rank desc, kind, id limit ${limit}),
    -- One branch per kind, each joining only its own tables: a chain of left joins over every kind cost
    -- more to plan than to run.
    found as (
      select top.kind, top.id, top.rank, wt.slug as title, wt.slug,
          coalesce(t.name, '') || ' ' || coalesce(t.description, '') || ' ' || wt.raw_submitted_url as doc,
          null as target_kind, null::uuid as target_id, null as target_slug, t.icon_media
        from top join workspace_tools wt on wt.id = top.id join tools t on t.id = wt.tool_id
        where top.kind = 'tool'
      union all
      select top.kind, top.id, top.rank, coalesce(r.extracted_title, r.raw_submitted_url), null,
          coalesce(r.extracted_title, '') || ' ' || coalesce(r.extracted_description, '') || ' ' || r.raw_submitted_url,
          null, null, null, r.icon_media
        from top join resources r on r.id = top.id
        where top.kind = 'resource'
      union all
      select top.kind, top.id, top.rank, p.name, p.slug, p.name || ' ' || p.slug, null, null, null, null
        from top join projects p on p.id = top.id
        where top.kind = 'project'
      union all
      select top.kind, top.id, top.rank,
          'Comment on ' || coalesce(ct.slug, cp.name, cr.extracted_title, cr.raw_submitted_url), null, c.content,
          case when c.workspace_tool_id is not null then 'tool'
            when c.project_id is not null then 'project'
            when c.resource_id is not null then 'resource' end,
          coalesce(c.workspace_tool_id, c.project_id, c.resource_id), coalesce(ct.slug, cp.slug), null
        from top join comments c on c.id = top.id
          left join workspace_tools ct on ct.id = c.workspace_tool_id
          left join projects cp on cp.id = c.project_id
          left join resources cr on cr.id = c.resource_id
        where top.kind = 'comment'
    )
    select found.kind, found.id, found.title, found.slug, found.rank::float8 as rank,
        found.target_kind, found.target_id, found.target_slug, found.icon_media,
        ts_headline('english'::regconfig, translate(found.doc, ${`<>${MATCH_START}${MATCH_END}`}, '  '), q.query,
          ${HEADLINE_OPTIONS}) as snippet
      from found, q
      order by found.rank desc, found.kind, found.id`;
}
