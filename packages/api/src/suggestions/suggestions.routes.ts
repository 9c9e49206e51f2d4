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
import { NEXT_CURSOR_HEADER } from '@stackyard/contracts/catalog';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge } from '../http.ts';
import type { LlmSettings } from './llm.ts';
import {
  acceptSuggestion,
  dismissSuggestion,
  listNextSteps,
  listSuggestions,
} from './suggestions.service.ts';

export function suggestionRoutes(app: ApiApp, { db }: RouteDeps, llm: LlmSettings | null): void {
  app.get(
    '/workspaces/:id/suggestions',
    {
      schema: {
        tags: ['suggestions'],
        summary: "Project suggestions from the workspace's collection (members)",
        description:
          'The built-in engine, or the configured language model (mode llm) with a fallback to the built-in ' +
          'engine (mode_note says so). focus steers both; the x-next-cursor header, passed back as cursor, ' +
          'asks for more ideas. Suggestions are stored, so their ids stay the same; dismissed and accepted ' +
          'ones never return. too_few is set when the ' +
          'workspace has too few tools to suggest from.',
        params: workspaceParamsSchema,
        querystring: suggestionListQuerySchema,
        response: { 200: suggestionListSchema, ...always, ...notFound },
      },
    },
    async (request, reply) => {
      const { nextCursor, ...page } = await listSuggestions(
        db,
        { llm, warn: (message) => request.log.warn(message) },
        actorOf(request),
        request.params.id,
        request.query,
      );
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return page;
    },
  );

  app.get(
    '/workspaces/:id/suggestions/next-steps',
    {
      schema: {
        tags: ['suggestions'],
        summary: "Next steps for the workspace's projects (members)",
        description:
          'For each project, up to three workspace tools it does not use yet, each in a role the project lacks ' +
          '(one that goes with its roles in the kinds of project the engine knows). Avoided tools never appear.',
        params: workspaceParamsSchema,
        response: { 200: nextStepsListSchema, ...always, ...notFound },
      },
    },
    async (request) => listNextSteps(db, actorOf(request), request.params.id),
  );

  app.post(
    '/workspaces/:id/suggestions/:suggestionId/accept',
    {
      schema: {
        tags: ['suggestions'],
        summary: 'Start a suggested project (editors and admins)',
        description:
          'Creates the project with its tools linked and the milestones as its first comment, and returns it ' +
          'with its page path.',
        params: suggestionParamsSchema,
        body: acceptSuggestionSchema,
        response: {
          201: acceptedSuggestionSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...conflict,
          ...tooLarge,
        },
      },
    },
    async (request, reply) => {
      const accepted = await acceptSuggestion(
        db,
        actorOf(request),
        request.params.id,
        request.params.suggestionId,
      );
      return reply.code(201).send(accepted);
    },
  );

  app.post(
    '/workspaces/:id/suggestions/:suggestionId/dismiss',
    {
      schema: {
        tags: ['suggestions'],
        summary: 'Dismiss a suggestion ("Not for us"), with an optional reason (editors and admins)',
        params: suggestionParamsSchema,
        body: dismissSuggestionSchema,
        response: {
          200: dismissedSuggestionSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...conflict,
          ...tooLarge,
        },
      },
    },
    async (request) =>
      dismissSuggestion(db, actorOf(request), request.params.id, request.params.suggestionId, request.body),
  );
}
