import { z } from 'zod';
import { httpUrlSchema, uuidSchema } from '@stackyard/contracts/common';
import type { ApiApp, RouteDeps } from '../context.ts';
import { routesOf } from '../route.ts';
import { lookUpUrl } from './lookup.service.ts';

const lookupQuerySchema = z.object({
  url: z.string({ error: 'url is required' }).trim().pipe(httpUrlSchema),
});

const savedItemSchema = z.object({
  workspace_id: uuidSchema,
  workspace_name: z.string(),
  kind: z.enum(['tool', 'resource']),
  /** The workspace_tool_id of a tool, the workspace_resource_id of a resource. */
  id: uuidSchema,
});

export function lookupRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'lookup');
  routes.get('/lookup', {
    summary: "Which of the caller's workspaces already hold this URL, as a tool or a resource",
    description:
      'Matched by the URL fingerprint (normalized: tracking parameters, fragment and trailing slash do not ' +
      'count), only in workspaces the caller is a member of; what the browser extension shows on its icon.',
    querystring: lookupQuerySchema,
    answer: z.object({ saved: z.array(savedItemSchema) }),
    handler: async ({ actor, query }) => ({ saved: await lookUpUrl(db, actor, query.url) }),
  });
}
