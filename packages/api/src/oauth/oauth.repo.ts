import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { oauthAuthorizations, oauthClients, oauthGrants, oauthTokens } from '@stackyard/db/schema';
import type { Executor } from '../db.ts';

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthAuthorizationRow = typeof oauthAuthorizations.$inferSelect;
export type OAuthGrantRow = typeof oauthGrants.$inferSelect;
type NewClient = typeof oauthClients.$inferInsert;
type NewAuthorization = typeof oauthAuthorizations.$inferInsert;
type NewGrant = typeof oauthGrants.$inferInsert;
type NewToken = typeof oauthTokens.$inferInsert;

/** A user allows tens of clients; the cap only bounds a response. */
const GRANTS_MAX = 500;

export async function findClient(db: Executor, clientId: string): Promise<OAuthClientRow | null> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return row ?? null;
}

export async function findClientById(db: Executor, id: string): Promise<OAuthClientRow | null> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a client, or (a metadata document read again) replaces what its document says. */
export async function saveClient(db: Executor, client: NewClient): Promise<OAuthClientRow> {
  const [row] = await db
    .insert(oauthClients)
    .values(client)
    .onConflictDoUpdate({
      target: oauthClients.clientId,
      set: { name: client.name, redirectUris: client.redirectUris, fetchedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('the OAuth client was not saved');
  return row;
}

export async function insertAuthorization(
  db: Executor,
  authorization: NewAuthorization,
): Promise<OAuthAuthorizationRow> {
  const [row] = await db.insert(oauthAuthorizations).values(authorization).returning();
  if (!row) throw new Error('the authorization was not inserted');
  return row;
}

/** An authorization still waiting for the user's decision. */
export async function findPendingAuthorization(
  db: Executor,
  id: string,
): Promise<{ authorization: OAuthAuthorizationRow; client: OAuthClientRow } | null> {
  const [row] = await db
    .select({ authorization: oauthAuthorizations, client: oauthClients })
    .from(oauthAuthorizations)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthAuthorizations.clientId))
    .where(
      and(
        eq(oauthAuthorizations.id, id),
        isNull(oauthAuthorizations.codeHash),
        gt(oauthAuthorizations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Records the user's Allow once: false when it was decided (or expired) meanwhile. */
export async function approveAuthorization(
  db: Executor,
  id: string,
  approval: {
    userId: string;
    scope: 'read' | 'read_write';
    workspaceIds: string[];
    codeHash: string;
    expiresAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(oauthAuthorizations)
    .set(approval)
    .where(
      and(
        eq(oauthAuthorizations.id, id),
        isNull(oauthAuthorizations.codeHash),
        gt(oauthAuthorizations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: oauthAuthorizations.id });
  return rows.length > 0;
}

export async function deleteAuthorization(db: Executor, id: string): Promise<void> {
  await db.delete(oauthAuthorizations).where(eq(oauthAuthorizations.id, id));
}

/** Spends an authorization code: the approved authorization, once, before it expires; else null. */
export async function consumeCode(
  db: Executor,
  codeHash: string,
): Promise<{ authorization: OAuthAuthorizationRow; client: OAuthClientRow } | null> {
  const [spent] = await db
    .update(oauthAuthorizations)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthAuthorizations.codeHash, codeHash),
        isNull(oauthAuthorizations.usedAt),
        gt(oauthAuthorizations.expiresAt, sql`now()`),
        isNotNull(oauthAuthorizations.userId),
      ),
    )
    .returning();
  if (!spent) return null;
  const client = await findClientById(db, spent.clientId);
  return client ? { authorization: spent, client } : null;
}

/** The grant a spent code was exchanged for, or null (an unknown code, or one that never got a grant). */
export async function grantOfSpentCode(db: Executor, codeHash: string): Promise<string | null> {
  const [row] = await db
    .select({ grantId: oauthAuthorizations.grantId })
    .from(oauthAuthorizations)
    .where(and(eq(oauthAuthorizations.codeHash, codeHash), isNotNull(oauthAuthorizations.usedAt)));
  return row?.grantId ?? null;
}

/** Records which grant an authorization's code was exchanged for. */
export async function linkGrant(db: Executor, authorizationId: string, grantId: string): Promise<void> {
  await db.update(oauthAuthorizations).set({ grantId }).where(eq(oauthAuthorizations.id, authorizationId));
}

export async function insertGrant(db: Executor, grant: NewGrant): Promise<OAuthGrantRow> {
  const [row] = await db.insert(oauthGrants).values(grant).returning();
  if (!row) throw new Error('the grant was not inserted');
  return row;
}

export async function insertTokens(db: Executor, tokens: NewToken[]): Promise<void> {
  await db.insert(oauthTokens).values(tokens);
}

/** The live access token with this hash and its grant: neither expired nor revoked. */
export async function findLiveAccessToken(db: Executor, tokenHash: string): Promise<OAuthGrantRow | null> {
  const [row] = await db
    .select({ grant: oauthGrants })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        eq(oauthTokens.kind, 'access'),
        gt(oauthTokens.expiresAt, sql`now()`),
        isNull(oauthGrants.revokedAt),
      ),
    )
    .limit(1);
  return row?.grant ?? null;
}

export type RefreshOutcome =
  | { kind: 'fresh'; grant: OAuthGrantRow; client: OAuthClientRow }
  | { kind: 'reused'; grantId: string }
  | { kind: 'unknown' };

/** Spends a refresh token. One presented a second time is told apart, so its grant can be revoked. */
export async function spendRefreshToken(db: Executor, tokenHash: string): Promise<RefreshOutcome> {
  const [spent] = await db
    .update(oauthTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        eq(oauthTokens.kind, 'refresh'),
        isNull(oauthTokens.usedAt),
        gt(oauthTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ grantId: oauthTokens.grantId });
  if (spent) {
    const [row] = await db
      .select({ grant: oauthGrants, client: oauthClients })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .where(and(eq(oauthGrants.id, spent.grantId), isNull(oauthGrants.revokedAt)))
      .limit(1);
    return row ? { kind: 'fresh', ...row } : { kind: 'unknown' };
  }
  const [used] = await db
    .select({ grantId: oauthTokens.grantId })
    .from(oauthTokens)
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        eq(oauthTokens.kind, 'refresh'),
        isNotNull(oauthTokens.usedAt),
      ),
    )
    .limit(1);
  return used ? { kind: 'reused', grantId: used.grantId } : { kind: 'unknown' };
}

/** The grant a token (access or refresh) belongs to, whatever its state. */
export async function grantOfToken(db: Executor, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ grantId: oauthTokens.grantId })
    .from(oauthTokens)
    .where(eq(oauthTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.grantId ?? null;
}

/** Revokes a grant, and with it every token it issued; with userId, only when it is that user's. */
export async function revokeGrant(db: Executor, grantId: string, userId?: string): Promise<boolean> {
  const rows = await db
    .update(oauthGrants)
    .set({ revokedAt: sql`coalesce(${oauthGrants.revokedAt}, now())` })
    .where(
      and(eq(oauthGrants.id, grantId), userId === undefined ? undefined : eq(oauthGrants.userId, userId)),
    )
    .returning({ id: oauthGrants.id });
  return rows.length > 0;
}

export async function listLiveGrantsOf(
  db: Executor,
  userId: string,
): Promise<Array<{ grant: OAuthGrantRow; client: OAuthClientRow }>> {
  return db
    .select({ grant: oauthGrants, client: oauthClients })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id))
    .limit(GRANTS_MAX);
}

// Last use is kept to the minute, as for personal access tokens.
export async function touchGrant(db: Executor, grantId: string): Promise<void> {
  await db
    .update(oauthGrants)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(oauthGrants.id, grantId),
        sql`(${oauthGrants.lastUsedAt} is null or ${oauthGrants.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
