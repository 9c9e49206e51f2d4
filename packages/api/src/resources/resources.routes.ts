import { idParamsSchema, itemListQuerySchema, updateRatingSchema } from '@stackyard/contracts/catalog';
import {
  resourceCopySchema,
  resourceListParamsSchema,
  resourceListSchema,
  resourceSchema,
  updateResourceSchema,
} from '@stackyard/contracts/resource';
import { PAGED_LIST } from '../catalog/pagination.ts';
import type { PageFetchSettings } from '../catalog/page-fetch.ts';
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { routesOf } from '../route.ts';
import { getResourceCopy } from './copies.service.ts';
import {
  deleteResource,
  getResource,
  listResources,
  rateResource,
  updateResource,
} from './resources.service.ts';

export function resourceRoutes(app: ApiApp, { db }: RouteDeps, pageFetch: PageFetchSettings): void {
  const routes = routesOf(app, 'resources');
  routes.get('/resources/workspace/:workspaceId', {
    summary: "A workspace's resources: paged, filtered by tag, sorted by recent, name or rating",
    description: PAGED_LIST,
    params: resourceListParamsSchema,
    querystring: itemListQuerySchema,
    page: resourceListSchema,
    problems: notFound,
    handler: async ({ actor, params, query }) => listResources(db, actor, params.workspaceId, query),
  });

  routes.get('/resources/:id', {
    summary: 'A resource by its workspace_resource_id',
    params: idParamsSchema,
    answer: resourceSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getResource(db, actor, params.id),
  });

  routes.get('/resources/:id/copy', {
    summary: "The resource's readable copy: its page's main text, sanitised, as last fetched",
    description:
      'Kept after ingestion and replaced by a refresh that extracts a new one, so it outlives the page. ' +
      'html holds only paragraphs, headings, lists, quotes, code, tables and absolute links. 404 when ' +
      'the resource has no copy (not read yet, or no article on its page).',
    params: idParamsSchema,
    answer: resourceCopySchema,
    problems: notFound,
    handler: async ({ actor, params }) => getResourceCopy(db, actor, params.id),
  });

  routes.put('/resources/:id', {
    summary: "Set the workspace's rating of a resource (editors and admins)",
    params: idParamsSchema,
    body: updateRatingSchema,
    answer: resourceSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => rateResource(db, actor, params.id, body.context.rating),
  });

  routes.patch('/resources/:id', {
    summary: "Correct a resource's title, description or link (editors and admins)",
    description:
      'Each field is optional; null clears the title or description. A new url is refused with 409 when ' +
      'another resource of the workspace already has it. The fields given are listed in edited_fields. ' +
      "An icon_url is fetched and kept as the app's copy; 422 when it is not an image that can be fetched.",
    params: idParamsSchema,
    body: updateResourceSchema,
    answer: resourceSchema,
    problems: { ...forbidden, ...notFound, ...conflict, ...unprocessable },
    handler: async ({ actor, params, body }) => updateResource(db, pageFetch, actor, params.id, body),
  });

  routes.delete('/resources/:id', {
    summary: 'Delete a resource, with its comments and tags (editors and admins)',
    params: idParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => deleteResource(db, actor, params.id),
  });
}
