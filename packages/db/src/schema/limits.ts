import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window counters of the product API's rate limits on PostgreSQL, shared by every API process on the
// database (PGlite has one process, which counts in memory). Spent windows are swept by the server.
export const apiRateLimits = pgTable('api_rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
