import { z } from 'zod';
import {
  idParamsSchema,
  itemListQuerySchema,
  NEXT_CURSOR_HEADER,
  updateRatingSchema,
} from '@stackyard/contracts/catalog';
import { resourceListParamsSchema, resourceListSchema, resourceSchema } from '@stackyard/contracts/resource';
import { PAGED_LIST } from '../catalog/pagination.ts';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
import { deleteResource, getResource, listResources, rateResource } from './resources.service.ts';

export function resourceRoutes(app: ApiApp, { db }: RouteDeps): void {
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
