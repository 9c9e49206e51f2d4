import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The files of migrations/repeatable last run on this database, by the sha-256 of their text: a file runs
// again only when its text changed (repeatable.ts).
export const repeatableMigrations = pgTable('repeatable_migrations', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
