import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

// identity_id is the identity service's id. No foreign key: the identity service may live in another
// database (or be a real Ory Kratos), so the product only ever stores the id it was given.
export const profiles = pgTable(
  'profiles',
  {
    identityId: uuid('identity_id').primaryKey(),
    displayName: text('display_name'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    // 'light', 'dark' or 'system'; null until the user picks one (the browser's own choice applies).
    theme: text('theme'),
    ...timestamps,
  },
  (table) => [check('profiles_theme_check', sql`${table.theme} in ('light', 'dark', 'system')`)],
);

// Every username an identity holds or held. One given up stays reserved for its previous owner for a while
// (addresses under it redirect); only then may another identity claim it, and it leaves the first one's
// history. So a username is unique across all histories; at most one per identity is current.
export const usernames = pgTable(
  'usernames',
  {
    username: text('username').primaryKey(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => profiles.identityId, { onDelete: 'cascade' }),
    isCurrent: boolean('is_current').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    index('usernames_identity_idx').on(table.identityId),
    uniqueIndex('usernames_one_current_idx')
      .on(table.identityId)
      .where(sql`${table.isCurrent}`),
  ],
);
