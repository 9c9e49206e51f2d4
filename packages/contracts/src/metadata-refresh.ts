import { z } from 'zod';

/**
 * One field the page now says differently: what the item shows (current) and what was just extracted
 * (proposed). edited_by_hand: the workspace set this field itself, so a client leaves it unticked.
 */
export const metadataChangeSchema = z.object({
  field: z.string(),
  current: z.string().nullable(),
  proposed: z.string().nullable(),
  edited_by_hand: z.boolean(),
});
export type MetadataChange = z.infer<typeof metadataChangeSchema>;

/**
 * POST …/refresh: the item's page read again, the differences field by field. Nothing is applied; a client
 * sends the chosen proposals with PATCH.
 */
export const metadataRefreshSchema = z.object({
  /** The page that was read, after redirects. */
  url: z.string(),
  changes: z.array(metadataChangeSchema),
});
export type MetadataRefresh = z.infer<typeof metadataRefreshSchema>;
