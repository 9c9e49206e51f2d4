import type { z } from 'zod';
import { idParamsSchema } from '@stackyard/contracts/catalog';
import {
  tagSuggestionListSchema,
  tagSuggestionSettingsSchema,
  updateTagSuggestionSettingsSchema,
} from '@stackyard/contracts/tag-suggestion';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
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
  const context = (warn: (message: string) => void) => ({ llm, warn });

  // The same call for both kinds of item; only the path and its parameter differ.
  const suggestionsRoute = <Params extends z.ZodType>(
    kind: 'tool' | 'resource',
    path: string,
    params: Params,
    idOf: (params: z.infer<Params>) => string,
  ) =>
    app.get(
      path,
      {
        schema: {
          tags: [`${kind}s`, 'tags'],
          summary: `Tags suggested for a ${kind} (members)`,
          description: SUGGESTIONS_DESCRIPTION,
          params,
          response: { 200: tagSuggestionListSchema, ...always, ...notFound },
        },
      },
      async (request) =>
        suggestTags(
          db,
          context((message) => request.log.warn(message)),
          actorOf(request),
          {
            kind,
            id: idOf(params.parse(request.params)),
          },
        ),
    );
  suggestionsRoute('tool', '/tools/workspace/:toolId/tag-suggestions', toolParamsSchema, (p) => p.toolId);
  suggestionsRoute('resource', '/resources/workspace/:id/tag-suggestions', idParamsSchema, (p) => p.id);

  app.get(
    '/workspaces/:id/tag-suggestion-settings',
    {
      schema: {
        tags: ['workspaces', 'tags'],
        summary: 'Whether ingestion applies suggested tags (members)',
        params: workspaceParamsSchema,
        response: { 200: tagSuggestionSettingsSchema, ...always, ...notFound },
      },
    },
    async (request) => tagSuggestionSettings(db, actorOf(request), request.params.id),
  );

  app.put(
    '/workspaces/:id/tag-suggestion-settings',
    {
      schema: {
        tags: ['workspaces', 'tags'],
        summary: 'Turn applying suggested tags on ingestion on or off (admins and the owner)',
        description:
          'When on, each tool or resource an ingestion job adds gets the built-in suggestions as tags, ' +
          'with a tag created for each new name.',
        params: workspaceParamsSchema,
        body: updateTagSuggestionSettingsSchema,
        response: { 200: tagSuggestionSettingsSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) => updateTagSuggestionSettings(db, actorOf(request), request.params.id, request.body),
  );
}
