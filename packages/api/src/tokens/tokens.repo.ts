import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { accessTokens } from '@stackyard/db/schema';
import type { AccessToken, AccessTokenScope } from '@stackyard/contracts/access-token';
import { isoText, isoTextOrNull, type Executor } from '../db.ts';

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/** A token as the API answers it, never its hash. */
const apiColumns = {
  id: accessTokens.id,
  name: accessTokens.name,
  prefix: accessTokens.prefix,
  scope: accessTokens.scope,
  workspace_id: accessTokens.workspaceId,
  expires_at: isoTextOrNull(accessTokens.expiresAt),
  last_used_at: isoTextOrNull(accessTokens.lastUsedAt),
  revoked_at: isoTextOrNull(accessTokens.revokedAt),
  created_at: isoText(accessTokens.createdAt),
};

export interface NewAccessToken {
  userId: string;
  name: string;
  prefix: string;
  tokenHash: string;
  scope: AccessTokenScope;
  workspaceId: string | null;
  expiresAt: Date | null;
}

/** A user keeps tens of tokens; the cap only bounds a response. */
const TOKENS_MAX = 500;

export async function insertAccessToken(db: Executor, token: NewAccessToken): Promise<AccessToken> {
  const [row] = await db.insert(accessTokens).values(token).returning(apiColumns);
  if (!row) throw new Error('the access token was not inserted');
  return row;
}

export async function listAccessTokensOf(db: Executor, userId: string): Promise<AccessToken[]> {
  return db
    .select(apiColumns)
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
    .limit(TOKENS_MAX);
}

/** Revokes one of the user's tokens; the row as it is now, or null when the user has no such token. */
export async function revokeAccessToken(
  db: Executor,
  userId: string,
  tokenId: string,
): Promise<AccessToken | null> {
  const [row] = await db
    .update(accessTokens)
    .set({ revokedAt: sql`coalesce(${accessTokens.revokedAt}, now())` })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
    .returning(apiColumns);
  return row ?? null;
}

/** The live token with this hash: not revoked, not expired. */
export async function findLiveAccessToken(db: Executor, tokenHash: string): Promise<AccessTokenRow | null> {
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), sql`${accessTokens.expiresAt} > now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

// A busy script must not turn every read into a write: last use is kept to the minute.
export async function touchAccessToken(db: Executor, tokenId: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(accessTokens.id, tokenId),
        or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
