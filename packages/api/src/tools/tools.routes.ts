import { z } from 'zod';
import {
  NEXT_CURSOR_HEADER,
  updateRatingSchema,
  workspaceSlugParamsSchema,
} from '@stackyard/contracts/catalog';
import {
  toolListQuerySchema,
  toolListSchema,
  toolParamsSchema,
  toolSchema,
  updateToolSchema,
} from '@stackyard/contracts/tool';
import { PAGED_LIST } from '../catalog/pagination.ts';
import type { PageFetchSettings } from '../catalog/page-fetch.ts';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { deleteTool, getTool, getToolBySlug, listTools, rateTool, updateTool } from './tools.service.ts';

export function toolRoutes(app: ApiApp, { db }: RouteDeps, pageFetch: PageFetchSettings): void {
  app.get(
    '/tools',
    {
      schema: {
        tags: ['tools'],
        summary: "A workspace's tools: paged, filtered by tag and stance, sorted by recent, name or rating",
        description: PAGED_LIST,
        querystring: toolListQuerySchema,
        response: { 200: toolListSchema, ...always, ...notFound },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await listTools(db, actorOf(request), request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );

  app.get(
    '/tools/workspace/:workspaceId/slug/:slug',
    {
      schema: {
        tags: ['tools'],
        summary: 'A tool by its slug in a workspace',
        params: workspaceSlugParamsSchema,
        response: { 200: toolSchema, ...always, ...notFound },
      },
    },
    async (request) => getToolBySlug(db, actorOf(request), request.params.workspaceId, request.params.slug),
  );

  app.get(
    '/tools/workspace/:toolId',
    {
      schema: {
        tags: ['tools'],
        summary: 'A workspace tool by its workspace_tool_id',
        params: toolParamsSchema,
        response: { 200: toolSchema, ...always, ...notFound },
      },
    },
    async (request) => getTool(db, actorOf(request), request.params.toolId),
  );

  app.put(
    '/tools/workspace/:toolId',
    {
      schema: {
        tags: ['tools'],
        summary: "Set the workspace's rating of a tool (editors and admins)",
        params: toolParamsSchema,
        body: updateRatingSchema,
        response: { 200: toolSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) => rateTool(db, actorOf(request), request.params.toolId, request.body.context.rating),
  );

  app.patch(
    '/tools/workspace/:toolId',
    {
      schema: {
        tags: ['tools'],
        summary: "Correct a tool's name, description or links for the workspace (editors and admins)",
        description:
          "Each field is optional; null clears it. The values are the workspace's own: other workspaces " +
          'holding the same tool keep theirs. The fields given are listed in edited_fields from then on. ' +
          "An icon_url is fetched and kept as the app's copy; 422 when it is not an image that can be fetched.",
        params: toolParamsSchema,
        body: updateToolSchema,
        response: { 200: toolSchema, ...always, ...forbidden, ...notFound, ...tooLarge, ...unprocessable },
      },
    },
    async (request) => updateTool(db, pageFetch, actorOf(request), request.params.toolId, request.body),
  );

  app.delete(
    '/tools/workspace/:toolId',
    {
      schema: {
        tags: ['tools'],
        summary: 'Delete a tool from the workspace, with its comments and tags (editors and admins)',
        params: toolParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await deleteTool(db, actorOf(request), request.params.toolId);
      return reply.code(204).send();
    },
  );
}
