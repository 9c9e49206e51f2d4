import { sql } from 'drizzle-orm';
import {
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accessTokenScope } from './tokens.ts';
import { ownedBy } from './columns.ts';

// OAuth 2.1 for the MCP resource: remote MCP clients (Claude, ChatGPT, VS Code, mcp-remote) get short-lived
// access tokens through the authorization-code flow with PKCE. Every secret is kept as a SHA-256 only.

/** How a client is known: registered here (RFC 7591), or by the URL of its Client ID Metadata Document. */
export const oauthClientKind = pgEnum('oauth_client_kind', ['registered', 'metadata_document']);

export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // What the client sends as client_id: one generated at registration, or its metadata document's URL.
    clientId: text('client_id').notNull(),
    kind: oauthClientKind('kind').notNull(),
    // Self-declared, so untrusted: the consent page shows the redirect host beside it.
    name: text('name').notNull(),
    redirectUris: text('redirect_uris').array().notNull(),
    // A metadata document is read again once this is old.
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('oauth_clients_client_id_idx').on(table.clientId)],
);

/**
 * One run of /oauth/authorize: created when the client sends the browser, decided by the user on the
 * consent page, which turns it into an authorization code (single use, short-lived, bound to the PKCE
 * challenge, the redirect URI and the resource).
 */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: ownedBy('client_id', () => oauthClients.id),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state'),
    codeChallenge: text('code_challenge').notNull(),
    resource: text('resource').notNull(),
    requestedScope: accessTokenScope('requested_scope').notNull(),
    // Set by the user's Allow: who, what they granted, and the code's hash.
    userId: uuid('user_id'),
    scope: accessTokenScope('scope'),
    workspaceIds: uuid('workspace_ids').array(),
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // The grant the code was exchanged for: a second exchange of the code revokes it.
    grantId: uuid('grant_id').references((): AnyPgColumn => oauthGrants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('oauth_authorizations_code_idx').on(table.codeHash)],
);

/** What a user allowed a client: the scope and the workspaces, for one resource (the token's audience). */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    clientId: ownedBy('client_id', () => oauthClients.id),
    scope: accessTokenScope('scope').notNull(),
    workspaceIds: uuid('workspace_ids').array().notNull(),
    resource: text('resource').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('oauth_grants_user_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.revokedAt} is null`),
  ],
);

export const oauthTokenKind = pgEnum('oauth_token_kind', ['access', 'refresh']);

/** Access tokens (short-lived) and refresh tokens (single use: each refresh rotates it) of a grant. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: ownedBy('grant_id', () => oauthGrants.id),
    kind: oauthTokenKind('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // A refresh token that was used once: presented again, it revokes the whole grant.
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oauth_tokens_hash_idx').on(table.tokenHash),
    index('oauth_tokens_grant_idx').on(table.grantId),
  ],
);
