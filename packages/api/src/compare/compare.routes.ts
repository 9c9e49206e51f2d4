import { compareQuerySchema, compareResponseSchema } from '@stackyard/contracts/compare';
import { similarToolsSchema } from '@stackyard/contracts/similar-tools';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, notFound } from '../http.ts';
import { compareTools } from './compare.service.ts';
import { similarTools } from './similar.service.ts';

export function compareRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/workspaces/:id/compare',
    {
      schema: {
        tags: ['compare'],
        summary: 'Compare 2 to 6 tools of the workspace side by side',
        description:
          'tools: comma-separated slugs. Per tool: overview, adoption, maintenance and the team’s view; per row, ' +
          'the tools with the best value where that is objective, and whether the tools differ.',
        params: workspaceParamsSchema,
        querystring: compareQuerySchema,
        response: { 200: compareResponseSchema, ...always, ...notFound },
      },
    },
    async (request) => compareTools(db, actorOf(request), request.params.id, request.query.tools),
  );

  app.get(
    '/tools/workspace/:toolId/similar',
    {
      schema: {
        tags: ['compare'],
        summary: 'The workspace’s tools sharing tags or repository topics with a tool',
        description:
          'For "Compare with…": at most 6 other tools of the workspace, most shared tags and GitHub topics ' +
          'first, then the best rated, then by slug; with the shared names.',
        params: toolParamsSchema,
        response: { 200: similarToolsSchema, ...always, ...notFound },
      },
    },
    async (request) => similarTools(db, actorOf(request), request.params.toolId),
  );
}
