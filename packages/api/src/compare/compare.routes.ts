import { compareQuerySchema, compareResponseSchema } from '@stackyard/contracts/compare';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, notFound } from '../http.ts';
import { compareTools } from './compare.service.ts';

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
}
