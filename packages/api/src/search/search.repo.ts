import { sql, type SQL } from 'drizzle-orm';
import { mediaUrl } from '@stackyard/contracts/media';
import type { SearchKind, SearchResult } from '@stackyard/contracts/search';
import type { CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';
import { preparedOn } from '../prepared.ts';

/**
 * Marks ts_headline puts around matches (fixed in the search_catalog function): private-use characters,
 * removed from the text beforehand (with angle brackets, which become spaces as when the search vectors were
 * made).
 */
const MATCH_START = '\uE000';
const MATCH_END = '\uE001';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * A snippet safe to render as HTML: everything the user wrote is escaped, then the match marks (which
 * cannot occur in the text: they were removed before the headline was made) become <mark> elements.
 */
export function snippetHtml(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
    .replaceAll(MATCH_START, '<mark>')
    .replaceAll(MATCH_END, '</mark>');
}

/** The columns search_catalog answers. */
const FUNCTION_COLUMNS =
  'kind, id, title, slug, rank, target_kind, target_id, target_slug, icon_media, snippet';

/** A hit as the API answers it, from search_catalog's columns: the snippet escaped, the icon's URL. */
const hit = {
  kind: sql<SearchKind>`kind`,
  id: sql<string>`id`,
  title: sql<string>`title`,
  slug: sql<string | null>`slug`,
  snippet_html: sql`snippet`.mapWith(snippetHtml),
  rank: sql<number>`rank`,
  // A decoder is not called for null: a hit without an icon keeps null.
  icon: sql`icon_media`.mapWith(mediaUrl) as SQL<string | null>,
  target: sql<SearchResult['target']>`case when target_kind is not null and target_id is not null
    then json_build_object('kind', target_kind, 'id', target_id, 'slug', target_slug) end`,
};

/**
 * Tools, resources, projects and comments of one workspace matching `text` (web-search syntax: words,
 * "phrases", or, -not; the last word also as a prefix), best first: a tool, resource or project whose name
 * starts with the text before the rest, then by rank. Hits are titled by name (a comment by the name of what
 * it is on). The query is the PL/pgSQL function search_catalog (packages/db/migrations/repeatable/
 * search_catalog.sql): each kind's branch keeps its best `limit` rows, read through the workspace's own index
 * when it holds fewer than 1,000 items of that kind and through the search index otherwise, in one plan kept
 * for every call; snippets are made only for the rows finally answered, as ts_headline reads the whole text.
 */
export async function searchCatalog(
  db: Executor,
  access: CatalogReader,
  text: string,
  limit: number,
): Promise<SearchResult[]> {
  // Prepared (prepared.ts): the call is parsed once per connection.
  const make = () =>
    db.select(hit).from(
      sql`search_catalog(${sql.placeholder('workspaceId')}::uuid, ${sql.placeholder('text')},
          ${sql.placeholder('prefix')}, ${sql.placeholder('limit')}::integer)`,
    );
  return preparedOn(db, 'search_catalog', make).execute({
    workspaceId: access.workspaceId,
    ...textAndPrefix(text),
    limit,
  });
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

/** search_catalog's text and prefix arguments for what the user typed. */
function textAndPrefix(typed: string): { text: string; prefix: string | null } {
  const prefix = splitPrefix(typed);
  return { text: prefix ? prefix.rest : typed, prefix: prefix?.word ?? null };
}

/** The same call as one plain SQL statement: the catalog and maintenance benchmarks' raw baseline. */
export function searchQuery(ws: string, text: string, limit: number): SQL {
  const args = textAndPrefix(text);
  return sql`select ${sql.raw(FUNCTION_COLUMNS)}
    from search_catalog(${ws}::uuid, ${args.text}, ${args.prefix}, ${limit}::integer)`;
}
