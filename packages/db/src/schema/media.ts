import { check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// Copies of the icons and preview images ingestion fetched, served by the app itself so a
// viewer's browser never contacts the host a submitter chose. Keyed by the SHA-256 of the bytes: the same
// image is stored once whoever links it, and a row never changes (its URL can be cached for ever).

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const media = pgTable(
  'media',
  {
    /** Lower-case hex SHA-256 of `bytes`. */
    hash: text('hash').primaryKey(),
    /** Checked against the bytes' magic numbers when stored: image/png, image/jpeg, … */
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('media_hash_check', sql`${table.hash} ~ '^[0-9a-f]{64}$'`)],
);
