import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@stackyard/db/client';
import {
  identities,
  identityCredentials,
  identitySessions,
  type AuthenticationMethod,
} from '@stackyard/db/schema';
import { identityJson, type IdentityRow } from './identities.ts';

export const SESSION_COOKIE = 'ory_kratos_session';

export type SessionRow = typeof identitySessions.$inferSelect;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export async function createSession(
  db: Database,
  input: {
    identityId: string;
    method: AuthenticationMethod['method'];
    provider?: string;
    lifespanSeconds: number;
    request: FastifyRequest;
  },
): Promise<{ session: SessionRow; token: string }> {
  const token = `ory_st_${randomBytes(32).toString('base64url')}`;
  const now = new Date();
  const [session] = await db
    .insert(identitySessions)
    .values({
      tokenHash: sha256(token),
      logoutTokenHash: sha256(`ory_lo_${randomBytes(32).toString('base64url')}`),
      identityId: input.identityId,
      authenticatedAt: now,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + input.lifespanSeconds * 1000),
      methods: [
        {
          method: input.method,
          aal: 'aal1',
          completed_at: now.toISOString(),
          ...(input.provider ? { provider: input.provider } : {}),
        },
      ],
      ipAddress: input.request.ip,
      userAgent: input.request.headers['user-agent'] ?? null,
    })
    .returning();
  if (!session) throw new Error('insert returned no session');
  return { session, token };
}

/** The session token of a request: X-Session-Token, then the cookie, then `Authorization: bearer`. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-session-token'];
  if (typeof header === 'string' && header) return header;
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const authorization = request.headers.authorization;
  const match = authorization?.match(/^bearer\s+(.+)$/i);
  return match?.[1];
}

export interface ActiveSession {
  session: SessionRow;
  identity: IdentityRow;
}

export async function currentSession(db: Database, request: FastifyRequest): Promise<ActiveSession | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  // One round trip: whoami is the hottest path of the service.
  const [row] = await db
    .select({ session: identitySessions, identity: identities })
    .from(identitySessions)
    .innerJoin(identities, eq(identities.id, identitySessions.identityId))
    .where(
      and(
        eq(identitySessions.tokenHash, sha256(token)),
        eq(identitySessions.active, true),
        gt(identitySessions.expiresAt, new Date()),
        eq(identities.state, 'active'),
      ),
    );
  return row ?? null;
}

/**
 * A repeated sign-in (login with refresh=true): a new authenticated_at, and the device it came from. The
 * method is added to the session's list, as Kratos adds it to the session's AMR: the first sign-in stays.
 */
export async function refreshAuthentication(
  db: Database,
  session: SessionRow,
  input: { method: AuthenticationMethod['method']; provider?: string | undefined },
  request: FastifyRequest,
): Promise<SessionRow> {
  const now = new Date();
  const completed: AuthenticationMethod = {
    method: input.method,
    aal: 'aal1',
    completed_at: now.toISOString(),
    ...(input.provider ? { provider: input.provider } : {}),
  };
  const [updated] = await db
    .update(identitySessions)
    .set({
      authenticatedAt: now,
      methods: [...session.methods, completed],
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      updatedAt: now,
    })
    .where(eq(identitySessions.id, session.id))
    .returning();
  return updated ?? session;
}

/** A fresh logout token for the session; only its hash is kept. */
export async function issueLogoutToken(db: Database, sessionId: string): Promise<string> {
  const token = `ory_lo_${randomBytes(32).toString('base64url')}`;
  await db
    .update(identitySessions)
    .set({ logoutTokenHash: sha256(token) })
    .where(eq(identitySessions.id, sessionId));
  return token;
}

export async function findActiveByToken(db: Database, token: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(identitySessions)
    .where(and(eq(identitySessions.tokenHash, sha256(token)), eq(identitySessions.active, true)));
  return row ?? null;
}

export async function findByLogoutToken(db: Database, token: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(identitySessions)
    .where(eq(identitySessions.logoutTokenHash, sha256(token)));
  return row ?? null;
}

export async function revokeSession(db: Database, identityId: string, sessionId: string): Promise<number> {
  const rows = await db
    .update(identitySessions)
    .set({ active: false, updatedAt: new Date() })
    .where(
      and(
        eq(identitySessions.id, sessionId),
        eq(identitySessions.identityId, identityId),
        eq(identitySessions.active, true),
      ),
    )
    .returning({ id: identitySessions.id });
  return rows.length;
}

export async function revokeOtherSessions(db: Database, identityId: string, keepId: string): Promise<number> {
  const rows = await db
    .update(identitySessions)
    .set({ active: false, updatedAt: new Date() })
    .where(
      and(
        eq(identitySessions.identityId, identityId),
        ne(identitySessions.id, keepId),
        eq(identitySessions.active, true),
      ),
    )
    .returning({ id: identitySessions.id });
  return rows.length;
}

export async function revokeAllSessions(db: Database, identityId: string): Promise<void> {
  await db
    .update(identitySessions)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(identitySessions.identityId, identityId));
}

export async function otherActiveSessions(db: Database, identityId: string, currentId: string) {
  return db
    .select()
    .from(identitySessions)
    .where(
      and(
        eq(identitySessions.identityId, identityId),
        ne(identitySessions.id, currentId),
        eq(identitySessions.active, true),
        gt(identitySessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(identitySessions.issuedAt));
}

/** The session as Kratos answers it. */
export async function sessionJson(
  db: Database,
  session: SessionRow,
  identity: IdentityRow,
  publicUrl: string,
) {
  return {
    id: session.id,
    active: session.active,
    expires_at: session.expiresAt.toISOString(),
    authenticated_at: session.authenticatedAt.toISOString(),
    authenticator_assurance_level: 'aal1',
    authentication_methods: session.methods,
    issued_at: session.issuedAt.toISOString(),
    identity: await identityJson(db, identity, publicUrl),
    devices: [
      {
        id: session.id,
        ip_address: session.ipAddress ?? undefined,
        user_agent: session.userAgent ?? undefined,
      },
    ],
  };
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** How long a sign-in from an address makes it one of the account's own (see admitLogin). */
const KNOWN_ADDRESS_DAYS = 30;

/** Whether the password credential's identity had a session made from this client IP in the last 30 days. */
export async function signedInFrom(db: Database, identifier: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: identitySessions.id })
    .from(identitySessions)
    .innerJoin(identityCredentials, eq(identityCredentials.identityId, identitySessions.identityId))
    .where(
      and(
        eq(identityCredentials.type, 'password'),
        eq(identityCredentials.identifier, identifier),
        eq(identitySessions.ipAddress, ip),
        gt(identitySessions.issuedAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
