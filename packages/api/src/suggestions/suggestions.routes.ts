import {
  acceptedSuggestionSchema,
  acceptSuggestionSchema,
  dismissedSuggestionSchema,
  dismissSuggestionSchema,
  nextStepsListSchema,
  suggestionListQuerySchema,
  suggestionListSchema,
  suggestionParamsSchema,
} from '@stackyard/contracts/suggestion';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound } from '../http.ts';
import { routesOf } from '../route.ts';
import type { LlmSettings } from './llm.ts';
import {
  acceptSuggestion,
  dismissSuggestion,
  listNextSteps,
  listSuggestions,
} from './suggestions.service.ts';
export function suggestionRoutes(app: ApiApp, { db }: RouteDeps, llm: LlmSettings | null): void {
  const routes = routesOf(app, 'suggestions');
  routes.get('/workspaces/:id/suggestions', {
    summary: "Project suggestions from the workspace's collection (members)",
    description:
      'The built-in engine, or the configured language model (mode llm) with a fallback to the built-in ' +
      'engine (mode_note says so). focus steers both; the x-next-cursor header, passed back as cursor, ' +
      'asks for more ideas. Suggestions are stored, so their ids stay the same; dismissed and accepted ' +
      'ones never return. too_few is set when the ' +
      'workspace has too few tools to suggest from.',
    params: workspaceParamsSchema,
    querystring: suggestionListQuerySchema,
    page: suggestionListSchema,
    problems: notFound,
    handler: async ({ actor, params, query, request }) => {
      const { nextCursor, ...items } = await listSuggestions(
        db,
        { llm, warn: (message) => request.log.warn(message) },
        actor,
        params.id,
        query,
      );
      return { items, nextCursor };
    },
  });

  routes.get('/workspaces/:id/suggestions/next-steps', {
    summary: "Next steps for the workspace's projects (members)",
    description:
      'For each project, up to three workspace tools it does not use yet, each in a role the project lacks ' +
      '(one that goes with its roles in the kinds of project the engine knows). Avoided tools never appear.',
    params: workspaceParamsSchema,
    answer: nextStepsListSchema,
    problems: notFound,
    handler: async ({ actor, params }) => listNextSteps(db, actor, params.id),
  });

  routes.post('/workspaces/:id/suggestions/:suggestionId/accept', {
    summary: 'Start a suggested project (editors and admins)',
    description:
      'Creates the project with its tools linked and the milestones as its first comment, and returns it ' +
      'with its page path.',
    params: suggestionParamsSchema,
    body: acceptSuggestionSchema,
    created: acceptedSuggestionSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params }) => acceptSuggestion(db, actor, params.id, params.suggestionId),
  });

  routes.post('/workspaces/:id/suggestions/:suggestionId/dismiss', {
    summary: 'Dismiss a suggestion ("Not for us"), with an optional reason (editors and admins)',
    params: suggestionParamsSchema,
    body: dismissSuggestionSchema,
    answer: dismissedSuggestionSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params, body }) =>
      dismissSuggestion(db, actor, params.id, params.suggestionId, body),
  });
}
