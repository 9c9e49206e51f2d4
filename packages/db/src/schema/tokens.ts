import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

export const accessTokenScope = pgEnum('access_token_scope', ['read', 'read_write']);

// Personal access tokens: a second credential beside the session JWT, for scripts and the MCP
// server. Only a SHA-256 of the secret is kept; the secret itself is shown once, when it is created.
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The identity that made it: no foreign key, as for profiles (the identity service may live elsewhere).
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    // The first characters of the secret, so a user can tell their tokens apart (and match a leaked one).
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: accessTokenScope('scope').notNull(),
    // When set, the token works in this workspace only; deleting the workspace deletes the token.
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('access_tokens_hash_idx').on(table.tokenHash),
    index('access_tokens_user_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.revokedAt} is null`),
  ],
);
