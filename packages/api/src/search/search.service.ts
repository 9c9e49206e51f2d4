import { mediaUrl } from '@stackyard/contracts/media';
import type { SearchQuery, SearchResult } from '@stackyard/contracts/search';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { MATCH_END, MATCH_START, searchCatalog, type SearchRow } from './search.repo.ts';

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

export async function searchWorkspace(
  db: Database,
  actor: Actor,
  query: SearchQuery,
): Promise<SearchResult[]> {
  const access = await authorize(db, actor, query.workspace_id, 'catalog:read');
  const rows = await searchCatalog(db, access, query.q, query.limit);
  return rows.map(toResult);
}

function toResult(row: SearchRow): SearchResult {
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    slug: row.slug,
    snippet_html: snippetHtml(row.snippet),
    rank: Number(row.rank),
    icon: row.icon_media && mediaUrl(row.icon_media),
    target:
      row.target_kind && row.target_id
        ? { kind: row.target_kind, id: row.target_id, slug: row.target_slug }
        : null,
  };
}
