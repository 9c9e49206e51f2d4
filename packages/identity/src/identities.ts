import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';
import {
  identities,
  identityCredentials,
  identityRecoveryAddresses,
  identityVerifiableAddresses,
  type OidcCredentialConfig,
  type PasswordCredentialConfig,
} from '@stackyard/db/schema';

// Identities, their addresses and credentials: SQL only. Identifiers are stored lower-cased.

export type IdentityRow = typeof identities.$inferSelect;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export class DuplicateIdentifierError extends Error {
  constructor() {
    super('an identity with this identifier exists');
    this.name = 'DuplicateIdentifierError';
  }
}

export async function createIdentity(
  db: Database,
  input: {
    email: string;
    hashedPassword?: string;
    oidc?: { provider: string; subject: string };
    verified: boolean;
  },
): Promise<IdentityRow> {
  const email = normalizeEmail(input.email);
  try {
    return await db.transaction(async (tx) => {
      const [identity] = await tx.insert(identities).values({ traits: { email } }).returning();
      if (!identity) throw new Error('insert returned no identity');
      await tx.insert(identityVerifiableAddresses).values({
        identityId: identity.id,
        value: email,
        verified: input.verified,
        status: input.verified ? 'completed' : 'pending',
        verifiedAt: input.verified ? new Date() : null,
      });
      await tx.insert(identityRecoveryAddresses).values({ identityId: identity.id, value: email });
      if (input.hashedPassword) {
        await tx.insert(identityCredentials).values({
          identityId: identity.id,
          type: 'password',
          identifier: email,
          config: { hashedPassword: input.hashedPassword },
        });
      }
      if (input.oidc) await addOidcCredential(tx, identity.id, input.oidc);
      return identity;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIdentifierError();
    throw error;
  }
}

export async function addOidcCredential(
  db: Database,
  identityId: string,
  oidc: { provider: string; subject: string },
): Promise<void> {
  await db
    .insert(identityCredentials)
    .values({
      identityId,
      type: 'oidc',
      identifier: `${oidc.provider}:${oidc.subject}`,
      config: oidc,
    })
    .onConflictDoNothing();
}

export async function findIdentity(db: Database, id: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(identities).where(eq(identities.id, id));
  return row ?? null;
}

export async function findByCredential(
  db: Database,
  type: 'password' | 'oidc',
  identifier: string,
): Promise<{ identity: IdentityRow; hashedPassword: string | null } | null> {
  const [row] = await db
    .select({ identity: identities, config: identityCredentials.config })
    .from(identityCredentials)
    .innerJoin(identities, eq(identities.id, identityCredentials.identityId))
    .where(and(eq(identityCredentials.type, type), eq(identityCredentials.identifier, identifier)));
  if (!row) return null;
  const config = row.config as Partial<PasswordCredentialConfig>;
  return { identity: row.identity, hashedPassword: config.hashedPassword ?? null };
}

/** What an identity can sign in with: whether it has a password, and the providers it linked. */
export async function credentialsOf(
  db: Database,
  identityId: string,
): Promise<{ password: boolean; providers: string[] }> {
  const rows = await db
    .select({ type: identityCredentials.type, config: identityCredentials.config })
    .from(identityCredentials)
    .where(eq(identityCredentials.identityId, identityId));
  return {
    password: rows.some((row) => row.type === 'password'),
    providers: rows
      .filter((row) => row.type === 'oidc')
      .map((row) => (row.config as Partial<OidcCredentialConfig>).provider)
      .filter((provider): provider is string => typeof provider === 'string'),
  };
}

export async function findAddress(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(identityVerifiableAddresses)
    .where(eq(identityVerifiableAddresses.value, normalizeEmail(email)));
  return row ?? null;
}

export async function markVerified(db: Database, email: string): Promise<void> {
  await db
    .update(identityVerifiableAddresses)
    .set({ verified: true, status: 'completed', verifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(identityVerifiableAddresses.value, normalizeEmail(email)));
}

export async function setPassword(db: Database, identityId: string, hashedPassword: string): Promise<void> {
  const [identity] = await db.select().from(identities).where(eq(identities.id, identityId));
  if (!identity) return;
  await db
    .insert(identityCredentials)
    .values({
      identityId,
      type: 'password',
      identifier: identity.traits.email,
      config: { hashedPassword },
    })
    .onConflictDoUpdate({
      target: [identityCredentials.type, identityCredentials.identifier],
      set: { config: { hashedPassword }, updatedAt: new Date() },
    });
}

/** Changes the e-mail everywhere it is used as an identifier; the new address starts unverified. */
export async function changeEmail(db: Database, identityId: string, newEmail: string): Promise<void> {
  const email = normalizeEmail(newEmail);
  try {
    await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(identities)
        .set({ traits: { email }, updatedAt: now })
        .where(eq(identities.id, identityId));
      await tx
        .update(identityVerifiableAddresses)
        .set({ value: email, verified: false, status: 'pending', verifiedAt: null, updatedAt: now })
        .where(eq(identityVerifiableAddresses.identityId, identityId));
      await tx
        .update(identityRecoveryAddresses)
        .set({ value: email, updatedAt: now })
        .where(eq(identityRecoveryAddresses.identityId, identityId));
      await tx
        .update(identityCredentials)
        .set({ identifier: email, updatedAt: now })
        .where(and(eq(identityCredentials.identityId, identityId), eq(identityCredentials.type, 'password')));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIdentifierError();
    throw error;
  }
}

/** The identity as Kratos answers it (`identity` of a session or a registration). */
export async function identityJson(db: Database, identity: IdentityRow, publicUrl: string) {
  // One round trip for both kinds of address: this runs on every whoami.
  const v = identityVerifiableAddresses;
  const r = identityRecoveryAddresses;
  const rows = await db
    .select({
      kind: sql<'verifiable' | 'recovery'>`'verifiable'`.as('kind'),
      id: v.id,
      value: v.value,
      via: v.via,
      verified: v.verified,
      status: v.status,
      verifiedAt: v.verifiedAt,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
    })
    .from(v)
    .where(eq(v.identityId, identity.id))
    .unionAll(
      db
        .select({
          kind: sql<'verifiable' | 'recovery'>`'recovery'`.as('kind'),
          id: r.id,
          value: r.value,
          via: r.via,
          verified: sql<boolean>`false`.as('verified'),
          status: sql<'completed'>`'completed'`.as('status'),
          verifiedAt: sql<Date | null>`null::timestamptz`.as('verified_at'),
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
        })
        .from(r)
        .where(eq(r.identityId, identity.id)),
    );
  const verifiable = rows.filter((row) => row.kind === 'verifiable');
  const recovery = rows.filter((row) => row.kind === 'recovery');
  return {
    id: identity.id,
    schema_id: identity.schemaId,
    schema_url: `${publicUrl}/schemas/${identity.schemaId}`,
    state: identity.state,
    state_changed_at: identity.createdAt.toISOString(),
    traits: identity.traits,
    verifiable_addresses: verifiable.map((address) => ({
      id: address.id,
      value: address.value,
      verified: address.verified,
      via: address.via,
      status: address.status,
      ...(address.verifiedAt ? { verified_at: address.verifiedAt.toISOString() } : {}),
      created_at: address.createdAt.toISOString(),
      updated_at: address.updatedAt.toISOString(),
    })),
    recovery_addresses: recovery.map((address) => ({
      id: address.id,
      value: address.value,
      via: address.via,
      created_at: address.createdAt.toISOString(),
      updated_at: address.updatedAt.toISOString(),
    })),
    metadata_public: identity.metadataPublic ?? null,
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
    organization_id: null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
