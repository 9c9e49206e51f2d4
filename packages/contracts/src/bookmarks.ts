import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

// Bookmark import and export: a Netscape bookmarks HTML file (what every browser, Raindrop, Karakeep
// and linkding export) becomes a workspace's resources, its folders become tags.

/** The largest bookmarks file POST /ingestion/bookmarks/workspace/{workspace_id} accepts (413 beyond). */
export const BOOKMARKS_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** running (the import job works through the file) → completed | failed (error says why). */
export const BOOKMARK_IMPORT_STATUSES = ['running', 'completed', 'failed'] as const;
export const bookmarkImportStatusSchema = z.enum(BOOKMARK_IMPORT_STATUSES);
export type BookmarkImportStatus = z.infer<typeof bookmarkImportStatusSchema>;

/**
 * Why a bookmark was not imported: invalid_url (not a URL), unsupported_scheme (not http or https, e.g.
 * javascript: or place:), duplicate (the workspace or the file already has it), too_long (URL over 2048
 * characters), private (marked PRIVATE="1" in the file, and the import was not asked to include private ones:
 * imported, they would be shared with every member).
 */
export const BOOKMARK_SKIP_REASONS = [
  'invalid_url',
  'unsupported_scheme',
  'duplicate',
  'too_long',
  'private',
] as const;
export const bookmarkSkipReasonSchema = z.enum(BOOKMARK_SKIP_REASONS);
export type BookmarkSkipReason = z.infer<typeof bookmarkSkipReasonSchema>;

export const skippedBookmarkSchema = z.object({
  url: z.string(),
  title: z.string(),
  reason: z.string(),
});
export type SkippedBookmark = z.infer<typeof skippedBookmarkSchema>;

/**
 * One import. total: bookmarks found in the file; imported: resources created; duplicates: bookmarks the
 * workspace (or the file, earlier) already had; skipped lists every bookmark not imported with its reason
 * (duplicates included).
 */
export const bookmarkImportSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  file_name: z.string().nullable(),
  status: bookmarkImportStatusSchema,
  total: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.array(skippedBookmarkSchema),
  error: z.string().nullable(),
  created_at: timestampSchema,
  finished_at: timestampSchema.nullable(),
});
export type BookmarkImport = z.infer<typeof bookmarkImportSchema>;

export const bookmarkImportListSchema = z.array(bookmarkImportSchema);

export const bookmarkImportParamsSchema = z.object({ id: uuidSchema });
export const bookmarkWorkspaceParamsSchema = z.object({ workspace_id: uuidSchema });

/**
 * The body is the file itself (Content-Type text/html); its name travels in the query, and include_private=true
 * imports the bookmarks marked PRIVATE="1" too (skipped with reason private otherwise).
 */
export const bookmarkImportQuerySchema = z.object({
  file_name: z.string().trim().max(255, 'Must be at most 255 characters').optional(),
  include_private: z.enum(['true', 'false'], { error: 'Must be true or false' }).optional(),
});
