import type { SearchQuery, SearchResult } from '@stackyard/contracts/search';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { searchCatalog } from './search.repo.ts';

export async function searchWorkspace(
  db: Database,
  actor: Actor,
  query: SearchQuery,
): Promise<SearchResult[]> {
  const access = await authorize(db, actor, query.workspace_id, 'catalog:read');
  return searchCatalog(db, access, query.q, query.limit);
}
