import { idParamsSchema } from '@stackyard/contracts/catalog';
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
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge } from '../http.ts';
import { routesOf } from '../route.ts';
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
  const routes = routesOf(app, 'tags');

  routes.get('/tags', {
    summary: "A workspace's tags: paged, by name, optionally those whose name contains q",
    description: PAGED_LIST,
    querystring: tagListQuerySchema,
    page: tagListSchema,
    problems: notFound,
    handler: async ({ actor, query }) => listTags(db, actor, query),
  });

  routes.post('/tags', {
    summary: 'Create a tag (editors and admins)',
    body: createTagSchema,
    created: tagSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, body }) => createTag(db, actor, body),
  });

  routes.put('/tags/:id', {
    summary: 'Rename, recolour or describe a tag (editors and admins)',
    params: idParamsSchema,
    body: updateTagSchema,
    answer: tagSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params, body }) => updateTag(db, actor, params.id, body),
  });

  routes.delete('/tags/:id', {
    summary: 'Delete a tag and take it off every item (editors and admins)',
    params: idParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => deleteTag(db, actor, params.id),
  });

  for (const target of targets) {
    const targetRoutes = routesOf(app, target.tag, 'tags');
    targetRoutes.get(target.path, {
      summary: `The tags on a ${target.kind}`,
      params: target.params,
      answer: tagListSchema,
      problems: notFound,
      handler: async ({ actor, params }) => tagsOfItem(db, actor, { kind: target.kind, id: itemId(params) }),
    });

    for (const method of ['put', 'delete'] as const) {
      targetRoutes[method](`${target.path}/:tagId`, {
        summary:
          method === 'put'
            ? `Put a tag on a ${target.kind} (editors and admins)`
            : `Take a tag off a ${target.kind} (editors and admins)`,
        params: target.linkParams,
        noContent: true,
        problems: { ...forbidden, ...notFound, ...tooLarge },
        handler: async ({ actor, params }) => {
          const item = { kind: target.kind, id: itemId(params) };
          if (method === 'put') await attachTag(db, actor, item, params.tagId);
          else await detachTag(db, actor, item, params.tagId);
        },
      });
    }
  }
}
