import { z } from 'zod';
import { idParamsSchema, NEXT_CURSOR_HEADER } from '@stackyard/contracts/catalog';
import { projectTagParamsSchema } from '@stackyard/contracts/project';
import { resourceTagParamsSchema } from '@stackyard/contracts/resource';
import {
  createTagSchema,
  tagListQuerySchema,
  tagListSchema,
  tagSchema,
  updateTagSchema,
} from '@stackyard/contracts/tag';
import { toolParamsSchema, toolTagParamsSchema } from '@stackyard/contracts/tool';
import { PAGED_LIST } from '../catalog/pagination.ts';
import type { TargetKind } from '../catalog/targets.ts';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge } from '../http.ts';
import {
  attachTag,
  createTag,
  deleteTag,
  detachTag,
  listTags,
  tagsOfItem,
  updateTag,
} from './tags.service.ts';

type ItemParams = { id: string } | { toolId: string };

// The tag paths, one per kind of item, plus attach (PUT) and detach (DELETE) under them.
const targets: Array<{
  kind: TargetKind;
  path: string;
  tag: string;
  params: typeof idParamsSchema | typeof toolParamsSchema;
  linkParams: typeof toolTagParamsSchema | typeof resourceTagParamsSchema;
}> = [
  {
    kind: 'tool',
    path: '/tools/workspace/:toolId/tags',
    tag: 'tools',
    params: toolParamsSchema,
    linkParams: toolTagParamsSchema,
  },
  {
    kind: 'resource',
    path: '/resources/workspace/:id/tags',
    tag: 'resources',
    params: idParamsSchema,
    linkParams: resourceTagParamsSchema,
  },
  {
    kind: 'project',
    path: '/projects/:id/tags',
    tag: 'projects',
    params: idParamsSchema,
    linkParams: projectTagParamsSchema,
  },
];

function itemId(params: ItemParams): string {
  return 'toolId' in params ? params.toolId : params.id;
}

export function tagRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/tags',
    {
      schema: {
        tags: ['tags'],
        summary: "A workspace's tags: paged, by name, optionally those whose name contains q",
        description: PAGED_LIST,
        querystring: tagListQuerySchema,
        response: { 200: tagListSchema, ...always, ...notFound },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await listTags(db, actorOf(request), request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );

  app.post(
    '/tags',
    {
      schema: {
        tags: ['tags'],
        summary: 'Create a tag (editors and admins)',
        body: createTagSchema,
        response: { 201: tagSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request, reply) => reply.code(201).send(await createTag(db, actorOf(request), request.body)),
  );

  app.put(
    '/tags/:id',
    {
      schema: {
        tags: ['tags'],
        summary: 'Rename, recolour or describe a tag (editors and admins)',
        params: idParamsSchema,
        body: updateTagSchema,
        response: { 200: tagSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request) => updateTag(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/tags/:id',
    {
      schema: {
        tags: ['tags'],
        summary: 'Delete a tag and take it off every item (editors and admins)',
        params: idParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await deleteTag(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  for (const target of targets) {
    app.get(
      target.path,
      {
        schema: {
          tags: [target.tag, 'tags'],
          summary: `The tags on a ${target.kind}`,
          params: target.params,
          response: { 200: tagListSchema, ...always, ...notFound },
        },
      },
      async (request) => tagsOfItem(db, actorOf(request), { kind: target.kind, id: itemId(request.params) }),
    );

    for (const method of ['put', 'delete'] as const) {
      app[method](
        `${target.path}/:tagId`,
        {
          schema: {
            tags: [target.tag, 'tags'],
            summary:
              method === 'put'
                ? `Put a tag on a ${target.kind} (editors and admins)`
                : `Take a tag off a ${target.kind} (editors and admins)`,
            params: target.linkParams,
            response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
          },
        },
        async (request, reply) => {
          const item = { kind: target.kind, id: itemId(request.params) };
          if (method === 'put') await attachTag(db, actorOf(request), item, request.params.tagId);
          else await detachTag(db, actorOf(request), item, request.params.tagId);
          return reply.code(204).send();
        },
      );
    }
  }
}
