// TEMPORARY: replaced by @stackyard/contracts/suggestion once branch `ideas` lands.
import { z } from 'zod';
import { projectSchema } from '@stackyard/contracts/project';

export const suggestionToolSchema = z.object({
  toolId: z.string(),
  slug: z.string(),
  name: z.string(),
  role: z.string().optional(),
  stretch: z.boolean(),
});
export const suggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  pitch: z.string(),
  why: z.string(),
  tools: z.array(suggestionToolSchema),
  stretchCategory: z.string().optional(),
  difficulty: z.string(),
  scope: z.enum(['weekend', 'week', 'month']),
  milestones: z.array(z.string()),
  archetype: z.string(),
  engine: z.enum(['builtin', 'llm']),
  createdAt: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionListSchema = z.object({
  items: z.array(suggestionSchema),
  nextCursor: z.string().nullable(),
  mode: z.enum(['builtin', 'llm']),
  model: z.string().optional(),
  modeNote: z.string().optional(),
  tooFew: z.object({ have: z.number(), need: z.number(), collectFirst: z.array(z.string()) }).optional(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;
export const acceptSuggestionResponseSchema = z.object({ project: projectSchema });
export type DismissSuggestion = { reason?: string };
