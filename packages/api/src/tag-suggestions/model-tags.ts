import { z } from 'zod';
import { askModel, type LlmSettings } from '../suggestions/llm.ts';

// The configured model's tag ideas for one item. Its answer is only proposals: rank.ts checks each name and
// prefers the workspace's tags to them, so a model can neither flood an item nor invent a tag's spelling.

const answerSchema = z.object({ tags: z.array(z.string().max(80)).max(10) });

const SYSTEM = [
  'You propose tags for an item a software team saved: a developer tool or an article.',
  'Prefer tags from the list of existing tags you are given, spelled exactly as listed.',
  'A new tag is short, lower-case and general (a technology, a category or a use), never the item’s own name.',
  'Propose at most five.',
].join(' ');

export interface ModelTagRequest {
  name: string | null;
  texts: readonly (string | null)[];
  topics: readonly string[];
  keywords: readonly string[];
  existingTags: readonly string[];
}

function prompt(request: ModelTagRequest): string {
  const texts = request.texts.filter(Boolean).map((text) => text?.slice(0, 300));
  return [
    `Item: ${request.name ?? 'untitled'}`,
    ...texts.map((text) => `About it: ${text}`),
    request.topics.length > 0 ? `Repository topics: ${request.topics.join(', ')}` : null,
    request.keywords.length > 0 ? `Package keywords: ${request.keywords.join(', ')}` : null,
    `Existing tags: ${request.existingTags.slice(0, 200).join(', ') || 'none yet'}`,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** The model's tag names; throws LlmError when it cannot be asked or its answer does not fit. */
export async function modelTags(settings: LlmSettings, request: ModelTagRequest): Promise<string[]> {
  const answer = await askModel(settings, {
    system: SYSTEM,
    prompt: prompt(request),
    schema: answerSchema,
    name: 'tag_suggestions',
    temperature: 0.2,
  });
  return answer.tags;
}
