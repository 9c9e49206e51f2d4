import { createHash, randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_PREFIX,
  type AccessToken,
  type CreateAccessToken,
  type CreatedAccessToken,
} from '@stackyard/contracts/access-token';
import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor, TokenGrant } from '../auth/authenticate.ts';
import {
  findLiveAccessToken,
  insertAccessToken,
  listAccessTokensOf,
  revokeAccessToken as revokeRow,
  touchAccessToken,
} from './tokens.repo.ts';

export const TOKEN_NOT_FOUND = 'Access token not found';
export const SESSION_ONLY =
  'Access tokens are managed in the app, signed in: an access token cannot list, create or revoke tokens.';
export const READ_ONLY_TOKEN =
  'This access token can only read. Create a token with the read_write scope to make changes.';
export const RESTRICTED_TOKEN =
  'This access token is limited to some workspaces; it cannot create workspaces.';

const DAY_MS = 24 * 60 * 60 * 1000;
// Characters of the secret shown in lists: enough to tell tokens apart, far too few to guess the rest.
const SHOWN_CHARACTERS = 6;

/** A SHA-256 is enough: the secret is 256 random bits, so there is nothing for a slow hash to protect. */
export function hashAccessToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function isAccessToken(credential: string): boolean {
  return credential.startsWith(ACCESS_TOKEN_PREFIX);
}

function sessionOnly(actor: Actor): void {
  if (actor.credential !== 'session_jwt') throw new AppError('forbidden', SESSION_ONLY);
}

export async function createAccessToken(
  db: Database,
  actor: Actor,
  input: CreateAccessToken,
): Promise<CreatedAccessToken> {
  sessionOnly(actor);
  const workspaceId = input.workspace_id ?? null;
  // A token for a workspace the user cannot see would be a way to probe ids: the same 404 as everywhere.
  if (workspaceId) await authorize(db, actor, workspaceId, 'workspace:read');
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const days = input.expires_in_days ?? null;
  const row = await insertAccessToken(db, {
    userId: actor.userId,
    name: input.name,
    prefix: token.slice(0, ACCESS_TOKEN_PREFIX.length + SHOWN_CHARACTERS),
    tokenHash: hashAccessToken(token),
    scope: input.scope,
    workspaceId,
    expiresAt: days === null ? null : new Date(Date.now() + days * DAY_MS),
  });
  return { ...row, token };
}

export async function listAccessTokens(db: Database, actor: Actor): Promise<AccessToken[]> {
  sessionOnly(actor);
  return listAccessTokensOf(db, actor.userId);
}

export async function revokeAccessToken(db: Database, actor: Actor, tokenId: string): Promise<AccessToken> {
  sessionOnly(actor);
  const row = await revokeRow(db, actor.userId, tokenId);
  if (!row) throw new AppError('not_found', TOKEN_NOT_FOUND);
  return row;
}

const LAST_USE_PRECISION_MS = 60_000;

/** Who a presented token speaks for, or null when it is unknown, revoked or expired (checked on every call). */
export async function verifyAccessToken(
  db: Database,
  secret: string,
): Promise<{ userId: string; grant: TokenGrant } | null> {
  const row = await findLiveAccessToken(db, hashAccessToken(secret));
  if (!row) return null;
  // Last use is kept to the minute: within it, no statement at all (the update checks the minute again).
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
    await touchAccessToken(db, row.id);
  }
  const workspaceIds = row.workspaceId ? [row.workspaceId] : null;
  return { userId: row.userId, grant: { id: row.id, scope: row.scope, workspaceIds } };
}

/** A workspace restriction, for calls that are not about one existing workspace (creating one). */
export function requireUnrestrictedToken(actor: Actor): void {
  if (actor.token?.workspaceIds) throw new AppError('forbidden', RESTRICTED_TOKEN);
}
