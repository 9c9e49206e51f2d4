import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import type { Actor } from '../auth/authenticate.ts';
import { findSavedItems } from './lookup.repo.ts';

export interface SavedItem {
  workspace_id: string;
  workspace_name: string;
  kind: 'tool' | 'resource';
  id: string;
}

/**
 * Where the caller already keeps this URL: the tools and resources with its fingerprint (so a link with a
 * tracking parameter or a trailing slash still counts) in the workspaces they are a member of, and that
 * their token, if limited to some workspaces, reaches.
 */
export async function lookUpUrl(db: Database, actor: Actor, url: string): Promise<SavedItem[]> {
  const fingerprinted = fingerprintUrl(url);
  if (!fingerprinted.ok) throw new AppError('bad_request', `/query/url: ${fingerprinted.failure.message}`);
  const restriction = actor.token?.workspaceIds;
  const rows = await findSavedItems(db, actor.userId, fingerprinted.value.fingerprint);
  return rows
    .filter((row) => !restriction || restriction.includes(row.workspaceId))
    .map((row) => ({
      workspace_id: row.workspaceId,
      workspace_name: row.workspaceName,
      kind: row.kind,
      id: row.id,
    }));
}
