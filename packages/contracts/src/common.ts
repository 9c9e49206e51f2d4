import { z } from 'zod';

/** Timestamps travel as ISO 8601 strings in UTC. */
export const timestampSchema = z.iso.datetime({ offset: true });

// Lower-cased: ids are compared as strings (is this the owner?), and PostgreSQL ignores case in uuids.
export const uuidSchema = z.uuid({ error: 'Must be a valid UUID' }).toLowerCase();

/** An absolute http(s) URL: other schemes (javascript:, data:) would be unsafe in an href or img src. */
export const httpUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Must be a valid http or https URL' })
  .max(2048, 'Must be at most 2048 characters');
