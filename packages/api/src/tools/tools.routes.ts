import { updateRatingSchema, workspaceSlugParamsSchema } from '@stackyard/contracts/catalog';
import {
  toolListQuerySchema,
  toolListSchema,
  toolParamsSchema,
  toolSchema,
  updateToolSchema,
} from '@stackyard/contracts/tool';
import { PAGED_LIST } from '../catalog/pagination.ts';
import type { PageFetchSettings } from '../catalog/page-fetch.ts';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { routesOf } from '../route.ts';
import { deleteTool, getTool, getToolBySlug, listTools, rateTool, updateTool } from './tools.service.ts';

export function toolRoutes(app: ApiApp, { db }: RouteDeps, pageFetch: PageFetchSettings): void {
  const routes = routesOf(app, 'tools');
  routes.get('/tools', {
    summary: "A workspace's tools: paged, filtered by tag and stance, sorted by recent, name or rating",
    description: PAGED_LIST,
    querystring: toolListQuerySchema,
    page: toolListSchema,
    problems: notFound,
    handler: async ({ actor, query }) => listTools(db, actor, query),
  });

  routes.get('/tools/workspace/:workspaceId/slug/:slug', {
    summary: 'A tool by its slug in a workspace',
    params: workspaceSlugParamsSchema,
    answer: toolSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getToolBySlug(db, actor, params.workspaceId, params.slug),
  });

  routes.get('/tools/workspace/:toolId', {
    summary: 'A workspace tool by its workspace_tool_id',
    params: toolParamsSchema,
    answer: toolSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getTool(db, actor, params.toolId),
  });

  routes.put('/tools/workspace/:toolId', {
    summary: "Set the workspace's rating of a tool (editors and admins)",
    params: toolParamsSchema,
    body: updateRatingSchema,
    answer: toolSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => rateTool(db, actor, params.toolId, body.context.rating),
  });

  routes.patch('/tools/workspace/:toolId', {
    summary: "Correct a tool's name, description or links for the workspace (editors and admins)",
    description:
      "Each field is optional; null clears it. The values are the workspace's own: other workspaces " +
      'holding the same tool keep theirs. The fields given are listed in edited_fields from then on. ' +
      "An icon_url is fetched and kept as the app's copy; 422 when it is not an image that can be fetched.",
    params: toolParamsSchema,
    body: updateToolSchema,
    answer: toolSchema,
    problems: { ...forbidden, ...notFound, ...unprocessable },
    handler: async ({ actor, params, body }) => updateTool(db, pageFetch, actor, params.toolId, body),
  });

  routes.delete('/tools/workspace/:toolId', {
    summary: 'Delete a tool from the workspace, with its comments and tags (editors and admins)',
    params: toolParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => deleteTool(db, actor, params.toolId),
  });
}
