import { AppError } from '@stackyard/contracts/problem';
import type { OAuthAuthorization, OAuthDecision, OAuthGrant } from '@stackyard/contracts/oauth';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { iso } from '../db.ts';
import {
  approveAuthorization,
  deleteAuthorization,
  findPendingAuthorization,
  listLiveGrantsOf,
  revokeGrant as revokeGrantRow,
} from './oauth.repo.ts';
import { CODE_TTL_MS, newSecret, sha256 } from './oauth.service.ts';

export const AUTHORIZATION_NOT_FOUND =
  'This authorization request has expired or was already answered. Start connecting again from your assistant.';
export const GRANT_NOT_FOUND = 'Connected app not found';
export const CONSENT_SESSION_ONLY =
  'Connected apps are managed in the app, signed in: an access token cannot allow, list or revoke them.';

function sessionOnly(actor: Actor): void {
  if (actor.credential !== 'session_jwt') throw new AppError('forbidden', CONSENT_SESSION_ONLY);
}

/** Where the answer goes, as the consent page shows it: the host, with the scheme when it is an app's own. */
function hostOf(uri: string): string {
  const url = new URL(uri);
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.host;
  return url.host ? `${url.protocol}//${url.host}` : url.protocol;
}

export async function describeAuthorization(
  db: Database,
  actor: Actor,
  id: string,
): Promise<OAuthAuthorization> {
  sessionOnly(actor);
  const found = await findPendingAuthorization(db, id);
  if (!found) throw new AppError('not_found', AUTHORIZATION_NOT_FOUND);
  return {
    id,
    client_name: found.client.name,
    redirect_host: hostOf(found.authorization.redirectUri),
    requested_scope: found.authorization.requestedScope,
    expires_at: iso(found.authorization.expiresAt),
  };
}

/**
 * The user's answer on the consent page: where the browser goes next, the client's redirect URI with a
 * code (Allow) or with error=access_denied (Deny). `issuer` goes along (RFC 9207), so a client can tell
 * which server answered.
 */
export async function decideAuthorization(
  db: Database,
  actor: Actor,
  id: string,
  decision: OAuthDecision,
  issuer: string,
): Promise<{ redirect_to: string }> {
  sessionOnly(actor);
  const found = await findPendingAuthorization(db, id);
  if (!found) throw new AppError('not_found', AUTHORIZATION_NOT_FOUND);
  const target = new URL(found.authorization.redirectUri);
  if (found.authorization.state !== null) target.searchParams.set('state', found.authorization.state);
  target.searchParams.set('iss', issuer);
  if (!decision.allow) {
    await deleteAuthorization(db, id);
    target.searchParams.set('error', 'access_denied');
    return { redirect_to: target.href };
  }
  const workspaceIds = [...new Set(decision.workspace_ids)];
  for (const workspaceId of workspaceIds) await authorize(db, actor, workspaceId, 'workspace:read');
  const code = newSecret();
  const approved = await approveAuthorization(db, id, {
    userId: actor.userId,
    scope: decision.scope,
    workspaceIds,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  if (!approved) throw new AppError('not_found', AUTHORIZATION_NOT_FOUND);
  target.searchParams.set('code', code);
  return { redirect_to: target.href };
}

export async function listGrants(db: Database, actor: Actor): Promise<OAuthGrant[]> {
  sessionOnly(actor);
  const rows = await listLiveGrantsOf(db, actor.userId);
  return rows.map(({ grant, client }) => ({
    id: grant.id,
    client_name: client.name,
    redirect_host: client.redirectUris[0] ? hostOf(client.redirectUris[0]) : '',
    scope: grant.scope,
    workspace_ids: grant.workspaceIds,
    last_used_at: grant.lastUsedAt ? iso(grant.lastUsedAt) : null,
    created_at: iso(grant.createdAt),
  }));
}

export async function revokeGrant(db: Database, actor: Actor, grantId: string): Promise<void> {
  sessionOnly(actor);
  if (!(await revokeGrantRow(db, grantId, actor.userId))) throw new AppError('not_found', GRANT_NOT_FOUND);
}
