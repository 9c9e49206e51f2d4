import type { z } from 'zod';
import { idParamsSchema } from '@stackyard/contracts/catalog';
import {
  tagSuggestionListSchema,
  tagSuggestionSettingsSchema,
  updateTagSuggestionSettingsSchema,
} from '@stackyard/contracts/tag-suggestion';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound } from '../http.ts';
import { routesOf } from '../route.ts';
import type { LlmSettings } from '../suggestions/llm.ts';
import {
  suggestTags,
  tagSuggestionSettings,
  updateTagSuggestionSettings,
} from './tag-suggestions.service.ts';

const SUGGESTIONS_DESCRIPTION =
  'At most five tag names for the item, each with where it came from: a tag the workspace already has ' +
  '(existing_tag, with its tag_id; always first), the repository topics (topic), package keywords (keyword), ' +
  'the built-in taxonomy (taxonomy), or the configured language model (model). Tags already on the item are ' +
  'left out. Nothing is applied: accept one with PUT …/tags/{tagId}, after POST /tags for a new name.';

export function tagSuggestionRoutes(app: ApiApp, { db }: RouteDeps, llm: LlmSettings | null): void {
  // The same call for both kinds of item; only the path and its parameter differ.
  const suggestionsRoute = <Params extends z.ZodType>(
    kind: 'tool' | 'resource',
    path: string,
    params: Params,
    idOf: (params: z.infer<Params>) => string,
  ) =>
    routesOf(app, `${kind}s`, 'tags').get(path, {
      summary: `Tags suggested for a ${kind} (members)`,
      description: SUGGESTIONS_DESCRIPTION,
      params,
      answer: tagSuggestionListSchema,
      problems: notFound,
      handler: async ({ actor, params, request }) =>
        suggestTags(db, { llm, warn: (message) => request.log.warn(message) }, actor, {
          kind,
          id: idOf(params),
        }),
    });
  suggestionsRoute('tool', '/tools/workspace/:toolId/tag-suggestions', toolParamsSchema, (p) => p.toolId);
  suggestionsRoute('resource', '/resources/workspace/:id/tag-suggestions', idParamsSchema, (p) => p.id);

  const settings = routesOf(app, 'workspaces', 'tags');

  settings.get('/workspaces/:id/tag-suggestion-settings', {
    params: workspaceParamsSchema,
    summary: 'Whether ingestion applies suggested tags (members)',
    answer: tagSuggestionSettingsSchema,
    problems: notFound,
    handler: async ({ actor, params }) => tagSuggestionSettings(db, actor, params.id),
  });

  settings.put('/workspaces/:id/tag-suggestion-settings', {
    params: workspaceParamsSchema,
    summary: 'Turn applying suggested tags on ingestion on or off (admins and the owner)',
    description:
      'When on, each tool or resource an ingestion job adds gets the built-in suggestions as tags, ' +
      'with a tag created for each new name.',
    body: updateTagSuggestionSettingsSchema,
    answer: tagSuggestionSettingsSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => updateTagSuggestionSettings(db, actor, params.id, body),
  });
}
