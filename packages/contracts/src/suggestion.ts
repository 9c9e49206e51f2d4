import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { projectSchema } from './project.ts';

// Project suggestions: engineering projects proposed from a workspace's own collection.
//
//   GET  /workspaces/{id}/suggestions?focus=&cursor=          members: a page of suggestions (SuggestionList);
//                                                             the next page's cursor in the x-next-cursor header
//   POST /workspaces/{id}/suggestions/{suggestionId}/accept   editors and admins: creates the project (AcceptedSuggestion)
//   POST /workspaces/{id}/suggestions/{suggestionId}/dismiss  editors and admins: {reason?} → DismissedSuggestion
//   GET  /workspaces/{id}/suggestions/next-steps              members: tools to add to existing projects (NextStepsList)
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
  tool_id: uuidSchema,
  slug: z.string(),
  name: z.string(),
  /** What the tool does in this project: a category it belongs to, e.g. "API framework". */
  role: z.string(),
  /** Always false for a workspace tool; the stretch is named by `stretch_category`, never as an invented tool. */
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
  stretch_category: z.string().optional(),
  difficulty: suggestionDifficultySchema,
  scope: suggestionScopeSchema,
  milestones: z.array(z.string()).min(3).max(6),
  /** The archetype key, e.g. "crud-web-app" (the model's own label in language-model mode). */
  archetype: z.string(),
  engine: suggestionEngineSchema,
  created_at: timestampSchema,
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** A workspace tool an existing project does not use yet, in a role the project lacks. */
export const nextStepSchema = z.object({
  tool: suggestionToolSchema,
  /** Why: the role the project lacks and the project tools it goes with. */
  why: z.string(),
});
export type NextStep = z.infer<typeof nextStepSchema>;

/** "Next steps for {projectName}": up to three steps for one project. */
export const projectNextStepsSchema = z.object({
  project_id: uuidSchema,
  project_name: z.string(),
  project_slug: z.string(),
  steps: z.array(nextStepSchema),
});
export type ProjectNextSteps = z.infer<typeof projectNextStepsSchema>;

/** GET …/suggestions/next-steps: the workspace's projects that have a next step, by name. */
export const nextStepsListSchema = z.object({ items: z.array(projectNextStepsSchema) });
export type NextStepsList = z.infer<typeof nextStepsListSchema>;

/** The workspace has too few usable tools: what it has, what it needs, and which categories to collect first. */
export const suggestionsTooFewSchema = z.object({
  have: z.number().int(),
  need: z.number().int(),
  collect_first: z.array(z.string()),
});
export type SuggestionsTooFew = z.infer<typeof suggestionsTooFewSchema>;

export const suggestionListSchema = z.object({
  items: z.array(suggestionSchema),
  /** The engine that answered this page. */
  mode: suggestionEngineSchema,
  /** The model's name in language-model mode. */
  model: z.string().optional(),
  /** Set when the language model failed and the built-in engine answered instead. */
  mode_note: z.string().optional(),
  too_few: suggestionsTooFewSchema.optional(),
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
  suggestion_id: uuidSchema,
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
  suggestion_id: uuidSchema,
  dismissed: z.literal(true),
  reason: z.string().nullable(),
});
export type DismissedSuggestion = z.infer<typeof dismissedSuggestionSchema>;
