import { searchQuerySchema, searchResultListSchema } from '@stackyard/contracts/search';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, notFound, whileClientWaits } from '../http.ts';
import { searchWorkspace } from './search.service.ts';

export function searchRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: "Full-text search of a workspace's tools, resources, projects and comments, best first",
        description:
          'q takes web-search syntax (words, "a phrase", or, -word). snippet_html is escaped text whose only markup is <mark> around matches.',
        querystring: searchQuerySchema,
        response: { 200: searchResultListSchema, ...always, ...notFound },
      },
    },
    // The palette aborts a search that newer text superseded: on PGlite, one still waiting is not run.
    async (request, reply) =>
      whileClientWaits(reply, () => searchWorkspace(db, actorOf(request), request.query)),
  );
}
