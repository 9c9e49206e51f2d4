import { commentListQuerySchema, idParamsSchema } from '@stackyard/contracts/catalog';
import { commentBodySchema, commentListSchema, commentSchema } from '@stackyard/contracts/comment';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { PAGED_LIST } from '../catalog/pagination.ts';
import type { Target, TargetKind } from '../catalog/targets.ts';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { routesOf } from '../route.ts';
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
  const routes = routesOf(app, 'comments');
  for (const target of targets) {
    const targetRoutes = routesOf(app, target.tag, 'comments');
    const targetOf = (params: { id: string } | { toolId: string }): Target => ({
      kind: target.kind,
      id: 'toolId' in params ? params.toolId : params.id,
    });

    targetRoutes.get(target.path, {
      summary: `The comments on a ${target.kind}, oldest first`,
      description: PAGED_LIST,
      params: target.params,
      querystring: commentListQuerySchema,
      page: commentListSchema,
      problems: notFound,
      handler: async ({ actor, params, query }) => listComments(db, actor, targetOf(params), query),
    });

    targetRoutes.post(target.path, {
      summary: `Comment on a ${target.kind} (every member)`,
      params: target.params,
      body: commentBodySchema,
      created: commentSchema,
      problems: notFound,
      handler: async ({ actor, params, body }) => addComment(db, actor, targetOf(params), body.content),
    });
  }

  routes.put('/comments/:id', {
    summary: 'Edit a comment (its author only)',
    params: idParamsSchema,
    body: commentBodySchema,
    answer: commentSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => editComment(db, actor, params.id, body.content),
  });

  for (const [method, marked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    routes[method]('/comments/:id/for-assistants', {
      summary: marked
        ? "Mark a tool's comment for assistants: it reaches the AI-assistant export (editors and above)"
        : "Clear a comment's mark for assistants (editors and above)",
      params: idParamsSchema,
      answer: commentSchema,
      problems: { ...forbidden, ...notFound, ...tooLarge, ...unprocessable },
      handler: async ({ actor, params }) => markForAssistants(db, actor, params.id, marked),
    });
  }

  routes.delete('/comments/:id', {
    summary: 'Delete a comment (its author, admins and the owner)',
    params: idParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => deleteComment(db, actor, params.id),
  });
}
