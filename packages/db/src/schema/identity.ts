import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedBy, timestamps } from './columns.ts';

// The identity service's own tables (packages/identity). The product's tables never reference them: a
// deployment may point the product at a real Ory Kratos instead.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const identities = pgTable('identities', {
  id: uuid('id').primaryKey().defaultRandom(),
  schemaId: text('schema_id').notNull().default('default'),
  state: text('state', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  traits: jsonb('traits').$type<{ email: string }>().notNull(),
  metadataPublic: jsonb('metadata_public').$type<Record<string, unknown> | null>(),
  ...timestamps,
});

export const identityVerifiableAddresses = pgTable(
  'identity_verifiable_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identityId: ownedBy('identity_id', () => identities.id),
    // Lower-cased: e-mail lookups are case-insensitive.
    value: text('value').notNull(),
    via: text('via').notNull().default('email'),
    verified: boolean('verified').notNull().default(false),
    status: text('status', { enum: ['pending', 'sent', 'completed'] })
      .notNull()
      .default('pending'),
    verifiedAt: at('verified_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('identity_verifiable_addresses_value_key').on(table.via, table.value),
    index('identity_verifiable_addresses_identity_idx').on(table.identityId),
  ],
);

export const identityRecoveryAddresses = pgTable(
  'identity_recovery_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identityId: ownedBy('identity_id', () => identities.id),
    value: text('value').notNull(),
    via: text('via').notNull().default('email'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('identity_recovery_addresses_value_key').on(table.via, table.value),
    index('identity_recovery_addresses_identity_idx').on(table.identityId),
  ],
);

export interface PasswordCredentialConfig {
  hashedPassword: string;
}
export interface OidcCredentialConfig {
  provider: string;
  subject: string;
}

// One row per (type, identifier): the lower-cased e-mail for `password`, `<provider>:<subject>` for `oidc`.
export const identityCredentials = pgTable(
  'identity_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identityId: ownedBy('identity_id', () => identities.id),
    type: text('type', { enum: ['password', 'oidc'] }).notNull(),
    identifier: text('identifier').notNull(),
    config: jsonb('config').$type<PasswordCredentialConfig | OidcCredentialConfig>().notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('identity_credentials_identifier_key').on(table.type, table.identifier),
    index('identity_credentials_identity_idx').on(table.identityId),
  ],
);

export interface AuthenticationMethod {
  method: string;
  aal: 'aal1';
  completed_at: string;
  provider?: string;
}

// The cookie holds a random token; only its SHA-256 is stored, so a database leak yields no sessions.
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    logoutTokenHash: text('logout_token_hash').notNull(),
    identityId: ownedBy('identity_id', () => identities.id),
    active: boolean('active').notNull().default(true),
    authenticatedAt: at('authenticated_at').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    methods: jsonb('methods').$type<AuthenticationMethod[]>().notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('identity_sessions_token_key').on(table.tokenHash),
    uniqueIndex('identity_sessions_logout_token_key').on(table.logoutTokenHash),
    index('identity_sessions_identity_idx').on(table.identityId),
    // The API's revocation list reads the sessions ended within a token's lifetime every few seconds.
    index('identity_sessions_revoked_idx')
      .on(table.updatedAt)
      .where(sql`${table.active} = false`),
  ],
);

// Sessions of deleted identities. Deleting an identity deletes its session rows, yet JWTs minted for those
// sessions stay valid by signature until they expire: the API's revocation list reads these ids as well as
// the ended sessions above, so a deleted account's tokens stop working as a logout's do. Rows older than a
// token's lifetime serve no purpose and are swept.
export const identityDeletedSessions = pgTable(
  'identity_deleted_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    endedAt: at('ended_at').notNull().defaultNow(),
  },
  (table) => [index('identity_deleted_sessions_ended_idx').on(table.endedAt)],
);

export const flowKinds = ['login', 'registration', 'verification', 'recovery', 'settings'] as const;
export type FlowKind = (typeof flowKinds)[number];

// Every self-service flow. `ui` is the form as last answered (nodes, values, messages), kept so a
// browser redirected back to the web app sees the errors of its last submission.
export const identityFlows = pgTable(
  'identity_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: flowKinds }).notNull(),
    type: text('type', { enum: ['browser', 'api'] })
      .notNull()
      .default('browser'),
    state: text('state').notNull(),
    csrfToken: text('csrf_token').notNull(),
    requestUrl: text('request_url').notNull(),
    returnTo: text('return_to'),
    refresh: boolean('refresh').notNull().default(false),
    identityId: uuid('identity_id').references(() => identities.id, { onDelete: 'cascade' }),
    // Wrong code submissions so far (verification, recovery): at most five per flow.
    submitCount: integer('submit_count').notNull().default(0),
    ui: jsonb('ui').$type<Record<string, unknown>>().notNull(),
    // Flow-specific state the UI does not show (the address a code went to, the OIDC state...).
    internal: jsonb('internal').$type<Record<string, unknown>>().notNull().default({}),
    issuedAt: at('issued_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    ...timestamps,
  },
  (table) => [index('identity_flows_expires_idx').on(table.expiresAt)],
);

// One-time codes (verification, recovery), stored as an HMAC: a database leak reveals no code.
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flowId: ownedBy('flow_id', () => identityFlows.id),
    address: text('address').notNull(),
    codeHmac: text('code_hmac').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ...timestamps,
  },
  (table) => [index('identity_codes_flow_idx').on(table.flowId)],
);

export const identityFlowErrors = pgTable('identity_flow_errors', {
  id: uuid('id').primaryKey().defaultRandom(),
  error: jsonb('error').$type<Record<string, unknown>>().notNull(),
  ...timestamps,
});

// Signing keys of the tokenizer and the HMAC secret of codes, made on first start. A retired key stays
// published in the JWKS until the tokens it signed have expired.
export const identityKeys = pgTable(
  'identity_keys',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['jwt', 'hmac'] }).notNull(),
    algorithm: text('algorithm').notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>(),
    retiredAt: at('retired_at'),
    ...timestamps,
  },
  (table) => [index('identity_keys_kind_idx').on(table.kind, table.createdAt)],
);

// Fixed-window counters of the rate limiter, shared by every process on one database.
export const identityRateLimits = pgTable('identity_rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: at('reset_at').notNull(),
});
