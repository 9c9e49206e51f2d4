import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

// Link health: what the last check of a saved item's URL found, and the items that need a member's look.

/**
 * ok; moved (a permanent redirect to another URL, offered as moved_to); gone (404 or 410); failing (several
 * checks in a row failed); archived (a tool whose repository is archived); deprecated (a tool whose package's
 * latest version its registry marks deprecated).
 */
export const LINK_HEALTH_STATUSES = ['ok', 'moved', 'gone', 'failing', 'archived', 'deprecated'] as const;
export const linkHealthStatusSchema = z.enum(LINK_HEALTH_STATUSES);
export type LinkHealthStatus = z.infer<typeof linkHealthStatusSchema>;

export const itemHealthSchema = z.object({
  status: linkHealthStatusSchema,
  /** The URL that was checked. */
  url: z.string(),
  checked_at: timestampSchema,
  /** The final answer's HTTP status; null when no answer came (network error, timeout). */
  http_status: z.number().int().nullable(),
  /** Where a moved item now is. */
  moved_to: z.string().nullable(),
  /** Checks in a row that failed. */
  consecutive_failures: z.number().int(),
  /** A member marked the item as kept in this status: it is not listed until the status changes. */
  kept: z.boolean(),
});
export type ItemHealth = z.infer<typeof itemHealthSchema>;

export const healthItemKindSchema = z.enum(['tool', 'resource']);
export type HealthItemKind = z.infer<typeof healthItemKindSchema>;

/** An item of the Needs attention list: the tool (workspace tool id) or resource, its name and its health. */
export const attentionItemSchema = z.object({
  kind: healthItemKindSchema,
  id: uuidSchema,
  name: z.string(),
  /** A tool's slug in the workspace (its page's address); null for a resource. */
  slug: z.string().nullable(),
  health: itemHealthSchema,
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionListSchema = z.array(attentionItemSchema);

export const healthCheckQueuedSchema = z.object({
  /** Items whose check was queued. */
  queued: z.number().int(),
});
export type HealthCheckQueued = z.infer<typeof healthCheckQueuedSchema>;
