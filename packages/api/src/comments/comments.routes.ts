import { z } from 'zod';
import { commentListQuerySchema, idParamsSchema, NEXT_CURSOR_HEADER } from '@stackyard/contracts/catalog';
import { commentBodySchema, commentListSchema, commentSchema } from '@stackyard/contracts/comment';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { PAGED_LIST } from '../catalog/pagination.ts';
import type { Target, TargetKind } from '../catalog/targets.ts';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import {
  addComment,
  deleteComment,
  editComment,
  listComments,
  markForAssistants,
} from './comments.service.ts';

// The comment paths, one per kind of item.
const targets: Array<{
  kind: TargetKind;
  path: string;
  tag: string;
  params: typeof idParamsSchema | typeof toolParamsSchema;
}> = [
  {
    kind: 'tool',
    path: '/tools/workspace/:toolId/comments',
    tag: 'tools',
    params: toolParamsSchema,
  },
  {
    kind: 'resource',
    path: '/resources/workspace/:id/comments',
    tag: 'resources',
    params: idParamsSchema,
  },
  {
    kind: 'project',
    path: '/projects/:id/comments',
    tag: 'projects',
    params: idParamsSchema,
  },
];

export function commentRoutes(app: ApiApp, { db }: RouteDeps): void {
  for (const target of targets) {
    const targetOf = (params: { id: string } | { toolId: string }): Target => ({
      kind: target.kind,
      id: 'toolId' in params ? params.toolId : params.id,
    });

    app.get(
      target.path,
      {
        schema: {
          tags: [target.tag, 'comments'],
          summary: `The comments on a ${target.kind}, oldest first`,
          description: PAGED_LIST,
          params: target.params,
          querystring: commentListQuerySchema,
          response: { 200: commentListSchema, ...always, ...notFound },
        },
      },
      async (request, reply) => {
        const { items, nextCursor } = await listComments(
          db,
          actorOf(request),
          targetOf(request.params),
          request.query,
        );
        if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
        return items;
      },
    );

    app.post(
      target.path,
      {
        schema: {
          tags: [target.tag, 'comments'],
          summary: `Comment on a ${target.kind} (every member)`,
          params: target.params,
          body: commentBodySchema,
          response: { 201: commentSchema, ...always, ...notFound, ...tooLarge },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await addComment(db, actorOf(request), targetOf(request.params), request.body.content)),
    );
  }

  app.put(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Edit a comment (its author only)',
        params: idParamsSchema,
        body: commentBodySchema,
        response: { 200: commentSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) => editComment(db, actorOf(request), request.params.id, request.body.content),
  );

  for (const [method, marked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/comments/:id/for-assistants',
      {
        schema: {
          tags: ['comments'],
          summary: marked
            ? "Mark a tool's comment for assistants: it reaches the AI-assistant export (editors and above)"
            : "Clear a comment's mark for assistants (editors and above)",
          params: idParamsSchema,
          response: {
            200: commentSchema,
            ...always,
            ...forbidden,
            ...notFound,
            ...tooLarge,
            ...unprocessable,
          },
        },
      },
      async (request) => markForAssistants(db, actorOf(request), request.params.id, marked),
    );
  }

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment (its author, admins and the owner)',
        params: idParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await deleteComment(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
