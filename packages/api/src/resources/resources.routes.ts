import { z } from 'zod';
import {
  idParamsSchema,
  itemListQuerySchema,
  NEXT_CURSOR_HEADER,
  updateRatingSchema,
} from '@stackyard/contracts/catalog';
import {
  resourceCopySchema,
  resourceListParamsSchema,
  resourceListSchema,
  resourceSchema,
  updateResourceSchema,
} from '@stackyard/contracts/resource';
import { PAGED_LIST } from '../catalog/pagination.ts';
import type { PageFetchSettings } from '../catalog/page-fetch.ts';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { getResourceCopy } from './copies.service.ts';
import {
  deleteResource,
  getResource,
  listResources,
  rateResource,
  updateResource,
} from './resources.service.ts';

export function resourceRoutes(app: ApiApp, { db }: RouteDeps, pageFetch: PageFetchSettings): void {
  app.get(
    '/resources/workspace/:workspaceId',
    {
      schema: {
        tags: ['resources'],
        summary: "A workspace's resources: paged, filtered by tag, sorted by recent, name or rating",
        description: PAGED_LIST,
        params: resourceListParamsSchema,
        querystring: itemListQuerySchema,
        response: { 200: resourceListSchema, ...always, ...notFound },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await listResources(
        db,
        actorOf(request),
        request.params.workspaceId,
        request.query,
      );
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );

  app.get(
    '/resources/:id',
    {
      schema: {
        tags: ['resources'],
        summary: 'A resource by its workspace_resource_id',
        params: idParamsSchema,
        response: { 200: resourceSchema, ...always, ...notFound },
      },
    },
    async (request) => getResource(db, actorOf(request), request.params.id),
  );

  app.get(
    '/resources/:id/copy',
    {
      schema: {
        tags: ['resources'],
        summary: "The resource's readable copy: its page's main text, sanitised, as last fetched",
        description:
          'Kept after ingestion and replaced by a refresh that extracts a new one, so it outlives the page. ' +
          'html holds only paragraphs, headings, lists, quotes, code, tables and absolute links. 404 when ' +
          'the resource has no copy (not read yet, or no article on its page).',
        params: idParamsSchema,
        response: { 200: resourceCopySchema, ...always, ...notFound },
      },
    },
    async (request) => getResourceCopy(db, actorOf(request), request.params.id),
  );

  app.put(
    '/resources/:id',
    {
      schema: {
        tags: ['resources'],
        summary: "Set the workspace's rating of a resource (editors and admins)",
        params: idParamsSchema,
        body: updateRatingSchema,
        response: { 200: resourceSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) => rateResource(db, actorOf(request), request.params.id, request.body.context.rating),
  );

  app.patch(
    '/resources/:id',
    {
      schema: {
        tags: ['resources'],
        summary: "Correct a resource's title, description or link (editors and admins)",
        description:
          'Each field is optional; null clears the title or description. A new url is refused with 409 when ' +
          'another resource of the workspace already has it. The fields given are listed in edited_fields. ' +
          "An icon_url is fetched and kept as the app's copy; 422 when it is not an image that can be fetched.",
        params: idParamsSchema,
        body: updateResourceSchema,
        response: {
          200: resourceSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...conflict,
          ...tooLarge,
          ...unprocessable,
        },
      },
    },
    async (request) => updateResource(db, pageFetch, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/resources/:id',
    {
      schema: {
        tags: ['resources'],
        summary: 'Delete a resource, with its comments and tags (editors and admins)',
        params: idParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await deleteResource(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
