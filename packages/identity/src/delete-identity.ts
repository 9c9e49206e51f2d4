import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';
import { courierMessages, identities, identityDeletedSessions, identitySessions } from '@stackyard/db/schema';

/** The identity's e-mail address, or null when there is no such identity. */
export async function identityEmail(db: Database, identityId: string): Promise<string | null> {
  const [row] = await db
    .select({ traits: identities.traits })
    .from(identities)
    .where(eq(identities.id, identityId))
    .limit(1);
  return row?.traits.email ?? null;
}

/**
 * Deletes an identity with its addresses, credentials, sessions and flows (their foreign keys cascade), and
 * every mail to its address. Its unexpired sessions are recorded in identity_deleted_sessions
 * first, so the JWTs already minted for them are refused like a logged-out session's. Pass a transaction to
 * make this part of a larger deletion: nothing is removed unless all of it is.
 */
export async function deleteIdentity(db: Database, identityId: string): Promise<void> {
  const email = await identityEmail(db, identityId);
  const sessions = db
    .select({ sessionId: identitySessions.id, endedAt: sql<Date>`now()`.as('ended_at') })
    .from(identitySessions)
    .where(and(eq(identitySessions.identityId, identityId), gt(identitySessions.expiresAt, sql`now()`)));
  await db.insert(identityDeletedSessions).select(sessions).onConflictDoNothing();
  await db.delete(identities).where(eq(identities.id, identityId));
  // The outbox keeps every mail (codes included): none may name the deleted person afterwards.
  if (email) await db.delete(courierMessages).where(eq(courierMessages.recipient, email));
}
