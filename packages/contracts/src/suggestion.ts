import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { projectSchema } from './project.ts';

// Project suggestions (issue 18): engineering projects proposed from a workspace's own collection.
//
//   GET  /workspaces/{id}/suggestions?focus=&cursor=          members: a page of suggestions (SuggestionList)
//   POST /workspaces/{id}/suggestions/{suggestionId}/accept   editors and admins: creates the project (AcceptedSuggestion)
//   POST /workspaces/{id}/suggestions/{suggestionId}/dismiss  editors and admins: {reason?} → DismissedSuggestion
//
// Permissions: 'suggestions:read' (any member), 'suggestions:decide' (editors, admins, the owner: accept and dismiss).
// A suggestion is stored, so its id stays the same between calls; a dismissed or accepted one never returns.

export const SUGGESTION_FOCUS_MAX = 200;
export const SUGGESTION_DISMISS_REASON_MAX = 500;
export const SUGGESTION_PAGE_SIZE = 6;

export const suggestionScopeSchema = z.enum(['weekend', 'week', 'month']);
export type SuggestionScope = z.infer<typeof suggestionScopeSchema>;

export const suggestionDifficultySchema = z.enum(['beginner', 'intermediate', 'advanced']);
export type SuggestionDifficulty = z.infer<typeof suggestionDifficultySchema>;

export const suggestionEngineSchema = z.enum(['builtin', 'llm']);
export type SuggestionEngine = z.infer<typeof suggestionEngineSchema>;

/** A tool of the workspace that a suggestion uses (only the workspace's own tools ever appear). */
export const suggestionToolSchema = z.object({
  /** The workspace tool id. */
  toolId: uuidSchema,
  slug: z.string(),
  name: z.string(),
  /** What the tool does in this project, e.g. "API framework". */
  role: z.string().optional(),
  /** Always false for a workspace tool; the stretch is named by `stretchCategory`, never as an invented tool. */
  stretch: z.boolean(),
});
export type SuggestionTool = z.infer<typeof suggestionToolSchema>;

export const suggestionSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  /** Two sentences. */
  pitch: z.string(),
  /** Why it fits this collection: which tools, which gaps it exercises. */
  why: z.string(),
  tools: z.array(suggestionToolSchema),
  /** A category the collection lacks, to pick a tool for (clearly a stretch): e.g. "Queue". */
  stretchCategory: z.string().optional(),
  difficulty: suggestionDifficultySchema,
  scope: suggestionScopeSchema,
  milestones: z.array(z.string()).min(3).max(6),
  /** The archetype key, e.g. "crud-web-app" (the model's own label in language-model mode). */
  archetype: z.string(),
  engine: suggestionEngineSchema,
  createdAt: timestampSchema,
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** The workspace has too few usable tools: what it has, what it needs, and which categories to collect first. */
export const suggestionsTooFewSchema = z.object({
  have: z.number().int(),
  need: z.number().int(),
  collectFirst: z.array(z.string()),
});
export type SuggestionsTooFew = z.infer<typeof suggestionsTooFewSchema>;

export const suggestionListSchema = z.object({
  items: z.array(suggestionSchema),
  /** Pass as ?cursor= for more ideas; null when there are no more. */
  nextCursor: z.string().nullable(),
  /** The engine that answered this page. */
  mode: suggestionEngineSchema,
  /** The model's name in language-model mode. */
  model: z.string().optional(),
  /** Set when the language model failed and the built-in engine answered instead. */
  modeNote: z.string().optional(),
  tooFew: suggestionsTooFewSchema.optional(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

export const suggestionListQuerySchema = z.object({
  focus: z
    .string()
    .trim()
    .max(SUGGESTION_FOCUS_MAX, `Focus must be at most ${SUGGESTION_FOCUS_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
  cursor: z.string().max(200, 'Invalid cursor').optional(),
});
export type SuggestionListQuery = z.infer<typeof suggestionListQuerySchema>;

export const suggestionParamsSchema = z.object({ id: uuidSchema, suggestionId: uuidSchema });

/** POST …/accept takes no body (an empty object is fine). */
export const acceptSuggestionSchema = z.strictObject({}).optional();

export const acceptedSuggestionSchema = z.object({
  suggestionId: uuidSchema,
  project: projectSchema,
  /** The project's page path: /{username}/{workspaceSlug}/projects/{projectSlug}. */
  url: z.string(),
});
export type AcceptedSuggestion = z.infer<typeof acceptedSuggestionSchema>;

export const dismissSuggestionSchema = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .max(
        SUGGESTION_DISMISS_REASON_MAX,
        `Reason must be at most ${SUGGESTION_DISMISS_REASON_MAX} characters`,
      )
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .optional();
export type DismissSuggestion = z.infer<typeof dismissSuggestionSchema>;

export const dismissedSuggestionSchema = z.object({
  suggestionId: uuidSchema,
  dismissed: z.literal(true),
  reason: z.string().nullable(),
});
export type DismissedSuggestion = z.infer<typeof dismissedSuggestionSchema>;
