import { compareQuerySchema, compareResponseSchema } from '@stackyard/contracts/compare';
import { similarToolsSchema } from '@stackyard/contracts/similar-tools';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import type { ApiApp, RouteDeps } from '../context.ts';
import { notFound } from '../http.ts';
import { routesOf } from '../route.ts';
import { compareTools } from './compare.service.ts';
import { similarTools } from './similar.service.ts';

export function compareRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'compare');
  routes.get('/workspaces/:id/compare', {
    summary: 'Compare 2 to 6 tools of the workspace side by side',
    description:
      'tools: comma-separated slugs. Per tool: overview, adoption, maintenance and the team’s view; per row, ' +
      'the tools with the best value where that is objective, and whether the tools differ.',
    params: workspaceParamsSchema,
    querystring: compareQuerySchema,
    answer: compareResponseSchema,
    problems: notFound,
    handler: async ({ actor, params, query }) => compareTools(db, actor, params.id, query.tools),
  });

  routes.get('/tools/workspace/:toolId/similar', {
    summary: 'The workspace’s tools sharing tags or repository topics with a tool',
    description:
      'For "Compare with…": at most 6 other tools of the workspace, most shared tags and GitHub topics ' +
      'first, then the best rated, then by slug; with the shared names.',
    params: toolParamsSchema,
    answer: similarToolsSchema,
    problems: notFound,
    handler: async ({ actor, params }) => similarTools(db, actor, params.toolId),
  });
}
