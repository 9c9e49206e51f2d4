import { z } from 'zod';
import { suggestionDifficultySchema, suggestionScopeSchema } from '@stackyard/contracts/suggestion';
import type { EngineSuggestion } from './engine.ts';
import { conformToRubric, type OfferedTool } from './llm-rubric.ts';

// The language-model mode: any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio)
// through the AI SDK, with the answer's shape checked by a zod schema and its ideas held to the built-in rubric
// (llm-rubric.ts). Neither the prompt nor the answer is logged.

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

export interface LlmRequest {
  /** The usable tools (avoided ones are never offered to the model). */
  tools: OfferedTool[];
  focus?: string;
  /** Titles the model must not propose again (decided, already shown, existing projects). */
  avoidTitles: string[];
  count: number;
}

const SYSTEM = [
  'You propose engineering side projects for a software team, built from the tools in their collection.',
  'Use only tools from the list you are given, referred to by their slug, each at most once. Never invent tools.',
  'Give each tool its role: one of the categories listed for it in brackets, e.g. "API framework".',
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
  const answer = await askModel(settings, {
    system: SYSTEM,
    prompt: prompt(request),
    schema: modelAnswerSchema,
    name: 'project_suggestions',
    temperature: 0.7,
  });
  const suggestions = conformToRubric(answer.suggestions, request.tools);
  if (suggestions.length === 0)
    throw new LlmError('unusable', 'The language model proposed no project with the collection’s tools.');
  return suggestions;
}

/**
 * One structured answer of the model, shaped by `schema`; throws LlmError on a timeout, an unreachable
 * endpoint or an answer that does not fit.
 */
export async function askModel<T>(
  settings: LlmSettings,
  question: { system: string; prompt: string; schema: z.ZodType<T>; name: string; temperature: number },
): Promise<T> {
  // Loaded on first use: a server without a model never pays for the SDK at start-up.
  const [{ createOpenAICompatible }, { generateText, Output }] = await Promise.all([
    import('@ai-sdk/openai-compatible'),
    import('ai'),
  ]).catch(() => {
    throw new LlmError('unreachable', 'The AI SDK could not be loaded.');
  });
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    supportsStructuredOutputs: true,
  });
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const result = await generateText({
      model: provider.chatModel(settings.model),
      system: question.system,
      prompt: question.prompt,
      output: Output.object({ schema: question.schema, name: question.name }),
      maxRetries: 0,
      abortSignal: signal,
      temperature: question.temperature,
    });
    return result.output;
  } catch (error) {
    if (signal.aborted) throw new LlmError('timeout', 'The language model did not answer in time.');
    const name = error instanceof Error ? error.name : 'Error';
    // The SDK's errors carry the request (the prompt) and the response: only the kind of error goes on.
    if (/APICallError|RetryError|LoadAPIKeyError/.test(name) && !/parse|validation/i.test(name))
      throw new LlmError('unreachable', `The language model could not be reached (${name}).`);
    throw new LlmError('unusable', `The language model's answer could not be used (${name}).`);
  }
}
