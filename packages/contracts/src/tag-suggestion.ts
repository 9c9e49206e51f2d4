import { z } from 'zod';
import { uuidSchema } from './common.ts';

// Tag suggestions for a tool or a resource: names proposed from the workspace's own tags, the repository's
// topics, the packages' keywords, the built-in taxonomy and, when one is configured, a language model. They
// are only proposals: a person accepts one with the tag calls (POST /tags, PUT …/tags/{tagId}), or the
// workspace's "apply suggested tags" setting has ingestion put them on.
//
// API:
//   GET /api/v1/tools/workspace/{toolId}/tag-suggestions     any member (catalog:read) → TagSuggestionList
//   GET /api/v1/resources/workspace/{id}/tag-suggestions     any member (catalog:read) → TagSuggestionList
//   GET /api/v1/workspaces/{id}/tag-suggestion-settings      any member                → TagSuggestionSettings
//   PUT /api/v1/workspaces/{id}/tag-suggestion-settings      admins and the owner      → TagSuggestionSettings

/** The most suggestions an item gets, whatever proposed them. */
export const TAG_SUGGESTIONS_MAX = 5;

/** Where a suggestion came from, in the order they are preferred. */
export const TAG_SUGGESTION_SOURCES = ['existing_tag', 'topic', 'keyword', 'taxonomy', 'model'] as const;
export const tagSuggestionSourceSchema = z.enum(TAG_SUGGESTION_SOURCES);
export type TagSuggestionSource = z.infer<typeof tagSuggestionSourceSchema>;

export const tagSuggestionSchema = z.object({
  tag_name: z.string(),
  source: tagSuggestionSourceSchema,
  /** The workspace tag of that name (source existing_tag); null when accepting it creates the tag. */
  tag_id: uuidSchema.nullable(),
});
export type TagSuggestion = z.infer<typeof tagSuggestionSchema>;

export const tagSuggestionListSchema = z.object({
  suggestions: z.array(tagSuggestionSchema).max(TAG_SUGGESTIONS_MAX),
  /** Why the configured model's proposals are missing (it failed or timed out); absent otherwise. */
  model_note: z.string().optional(),
});
export type TagSuggestionList = z.infer<typeof tagSuggestionListSchema>;

export const tagSuggestionSettingsSchema = z.object({
  workspace_id: uuidSchema,
  /** Ingestion puts the suggested tags on each item it adds, creating the missing ones. */
  apply_suggested_tags: z.boolean(),
});
export type TagSuggestionSettings = z.infer<typeof tagSuggestionSettingsSchema>;

export const updateTagSuggestionSettingsSchema = z.strictObject({
  apply_suggested_tags: z.boolean({ error: 'apply_suggested_tags must be true or false' }),
});
export type UpdateTagSuggestionSettings = z.infer<typeof updateTagSuggestionSettingsSchema>;

/** Labels of the sources, as the chips say them. */
export const TAG_SUGGESTION_SOURCE_LABELS: Record<TagSuggestionSource, string> = {
  existing_tag: 'existing tag',
  topic: 'topic',
  keyword: 'keyword',
  taxonomy: 'taxonomy',
  model: 'model',
};
