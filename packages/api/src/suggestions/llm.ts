import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, Output } from 'ai';
import { z } from 'zod';
import {
  suggestionDifficultySchema,
  suggestionScopeSchema,
  type SuggestionTool,
} from '@stackyard/contracts/suggestion';
import type { EngineSuggestion, EngineTool } from './engine.ts';
import { titleKey } from './engine.ts';

// The language-model mode (issue 18): any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio)
// through the AI SDK, with the answer's shape checked by a zod schema. Only the workspace's tools may appear in
// what it returns; whatever else the model names is removed. Neither the prompt nor the answer is logged.

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 20_000;

/** Why the model's answer was not used; each maps to the note the page shows. */
export type LlmFailure = 'timeout' | 'unusable' | 'unreachable';

export class LlmError extends Error {
  readonly reason: LlmFailure;
  constructor(reason: LlmFailure, message: string) {
    super(message);
    this.name = 'LlmError';
    this.reason = reason;
  }
}

const modelAnswerSchema = z.object({
  suggestions: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(120),
        pitch: z.string().trim().min(1).max(600),
        why: z.string().trim().min(1).max(600),
        tools: z.array(z.object({ slug: z.string(), role: z.string().max(60).nullable() })).max(8),
        stretchCategory: z.string().trim().max(60).nullable(),
        difficulty: suggestionDifficultySchema,
        scope: suggestionScopeSchema,
        milestones: z.array(z.string().trim().min(1).max(200)).min(3).max(6),
        archetype: z.string().trim().min(1).max(60),
      }),
    )
    .max(10),
});
type ModelAnswer = z.infer<typeof modelAnswerSchema>;

export interface LlmRequest {
  /** The usable tools (avoided ones are never offered to the model). */
  tools: (EngineTool & { roles: string[] })[];
  focus?: string;
  /** Titles the model must not propose again (decided, already shown, existing projects). */
  avoidTitles: string[];
  count: number;
}

const SYSTEM = [
  'You propose engineering side projects for a software team, built from the tools in their collection.',
  'Use only tools from the list you are given, referred to by their slug. Never invent tools.',
  'A project may name one category the collection lacks as its stretchCategory (a category, not a tool), or null.',
  'Each pitch is exactly two sentences. "why" says which of the listed tools it uses and which gaps it exercises.',
  'Give 3 to 6 concrete milestones. difficulty is beginner, intermediate or advanced; scope is weekend, week or month.',
  'archetype is a short kebab-case label of the kind of project, e.g. crud-web-app or data-pipeline.',
].join(' ');

function prompt(request: LlmRequest): string {
  const lines = request.tools.map((tool) => {
    const facts = [
      tool.roles.length > 0 ? tool.roles.join(', ') : null,
      tool.stance === 'preferred' ? 'preferred by the team' : null,
      tool.rating !== null ? `rated ${tool.rating}/5` : null,
      tool.projectCount === 0 ? 'saved but not used in a project yet' : null,
    ].filter(Boolean);
    const description = tool.description ? ` — ${tool.description.slice(0, 160)}` : '';
    return `- ${tool.slug}: ${tool.name}${description}${facts.length > 0 ? ` [${facts.join('; ')}]` : ''}`;
  });
  return [
    `Propose ${request.count} different projects. Favour preferred, highly rated and saved-but-unused tools.`,
    request.focus ? `The team asks for: ${request.focus}` : null,
    'Tools of the collection:',
    ...lines,
    request.avoidTitles.length > 0
      ? `Do not propose these again: ${request.avoidTitles.slice(0, 60).join('; ')}`
      : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** Asks the model; throws LlmError on a timeout, an unreachable endpoint or an answer that cannot be used. */
export async function llmSuggestions(
  settings: LlmSettings,
  request: LlmRequest,
): Promise<EngineSuggestion[]> {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    supportsStructuredOutputs: true,
  });
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let answer: ModelAnswer;
  try {
    const result = await generateText({
      model: provider.chatModel(settings.model),
      system: SYSTEM,
      prompt: prompt(request),
      output: Output.object({ schema: modelAnswerSchema, name: 'project_suggestions' }),
      maxRetries: 0,
      abortSignal: signal,
      temperature: 0.7,
    });
    answer = result.output;
  } catch (error) {
    if (signal.aborted) throw new LlmError('timeout', 'The language model did not answer in time.');
    const name = error instanceof Error ? error.name : 'Error';
    // The SDK's errors carry the request (the prompt) and the response: only the kind of error goes on.
    if (/APICallError|RetryError|LoadAPIKeyError/.test(name) && !/parse|validation/i.test(name))
      throw new LlmError('unreachable', `The language model could not be reached (${name}).`);
    throw new LlmError('unusable', `The language model's answer could not be used (${name}).`);
  }
  const suggestions = keepKnownTools(answer, request.tools);
  if (suggestions.length === 0)
    throw new LlmError('unusable', 'The language model proposed no project with the collection’s tools.');
  return suggestions;
}

/** Maps the model's tool references to the workspace's tools and removes the ones it invented. */
function keepKnownTools(answer: ModelAnswer, tools: EngineTool[]): EngineSuggestion[] {
  const byKey = new Map<string, EngineTool>();
  for (const tool of tools) {
    byKey.set(tool.slug.toLowerCase(), tool);
    byKey.set(tool.name.toLowerCase(), tool);
  }
  const result: EngineSuggestion[] = [];
  for (const entry of answer.suggestions) {
    const used = new Map<string, SuggestionTool>();
    for (const reference of entry.tools) {
      const tool = byKey.get(reference.slug.trim().toLowerCase());
      if (!tool || used.has(tool.id)) continue;
      used.set(tool.id, {
        toolId: tool.id,
        slug: tool.slug,
        name: tool.name,
        ...(reference.role ? { role: reference.role } : {}),
        stretch: false,
      });
    }
    if (used.size === 0) continue;
    const key = titleKey(entry.title);
    result.push({
      fingerprint: `llm:${key}`,
      title: entry.title,
      pitch: entry.pitch,
      why: entry.why,
      tools: [...used.values()],
      ...(entry.stretchCategory ? { stretchCategory: entry.stretchCategory } : {}),
      difficulty: entry.difficulty,
      scope: entry.scope,
      milestones: entry.milestones,
      archetype: entry.archetype,
    });
  }
  return result;
}
