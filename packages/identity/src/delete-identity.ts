import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';
import {
  identities,
  identityCodes,
  identityDeletedSessions,
  identityFlowErrors,
  identityFlows,
  identityRateLimits,
  identitySessions,
} from '@stackyard/db/schema';
import { mailQueue } from './courier.ts';

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
 * everything else that holds its address: every mail to it, the flows that never had the identity's id (the
 * sign-up verification flow, a recovery asked for by address) with their codes, their recorded errors, and
 * the rate limiter's counts keyed by it. Its unexpired sessions are recorded in identity_deleted_sessions
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
  if (email) await deleteAddressTraces(db, email);
}

// Flows and errors keep the address as it was typed, in their JSON (form values, where a code went): found
// by their text, in any letter case. Rare and small work: the flows table holds a day of flows.
async function deleteAddressTraces(db: Database, email: string): Promise<void> {
  const address = email.toLowerCase();
  // The mail queue's jobs keep every mail (codes included): none may name the deleted person afterwards.
  await db.execute(
    sql`delete from jobs where queue = ${mailQueue.name} and payload->>'recipient' = ${email}`,
  );
  const flowsWithCode = db
    .select({ flowId: identityCodes.flowId })
    .from(identityCodes)
    .where(sql`lower(${identityCodes.address}) = ${address}`);
  await db
    .delete(identityFlows)
    .where(
      or(
        inArray(identityFlows.id, flowsWithCode),
        sql`strpos(lower(${identityFlows.ui}::text), ${address}) > 0`,
        sql`strpos(lower(${identityFlows.internal}::text), ${address}) > 0`,
        sql`strpos(lower(${identityFlows.requestUrl}), ${address}) > 0`,
        sql`strpos(lower(coalesce(${identityFlows.returnTo}, '')), ${address}) > 0`,
      ),
    );
  await db
    .delete(identityFlowErrors)
    .where(sql`strpos(lower(${identityFlowErrors.error}::text), ${address}) > 0`);
  // Rate limit keys hold the identifier as a segment between colons (login-failed:id-ip:<address>:<ip>).
  await db
    .delete(identityRateLimits)
    .where(sql`strpos(${identityRateLimits.key} || ':', ${`:${address}:`}) > 0`);
}
