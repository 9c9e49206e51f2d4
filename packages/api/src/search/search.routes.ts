import { searchQuerySchema, searchResultListSchema } from '@stackyard/contracts/search';
import type { ApiApp, RouteDeps } from '../context.ts';
import { notFound, whileClientWaits } from '../http.ts';
import { routesOf } from '../route.ts';
import { searchWorkspace } from './search.service.ts';

export function searchRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'search');
  routes.get('/search', {
    summary: "Full-text search of a workspace's tools, resources, projects and comments, best first",
    description:
      'q takes web-search syntax (words, "a phrase", or, -word). snippet_html is escaped text whose only markup is <mark> around matches.',
    querystring: searchQuerySchema,
    answer: searchResultListSchema,
    problems: notFound,
    // The palette aborts a search that newer text superseded: on PGlite, one still waiting is not run.
    handler: async ({ actor, query, reply }) =>
      whileClientWaits(reply, () => searchWorkspace(db, actor, query)),
  });
}
