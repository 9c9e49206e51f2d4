import { toolFactsParamsSchema, toolFactsSchema } from '@stackyard/contracts/facts';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound, tooLarge } from '../http.ts';
import { routesOf } from '../route.ts';
import type { FactsContext } from './facts-context.ts';
import { getToolFacts, refreshToolFactsNow } from './facts.service.ts';

const FACTS_DESCRIPTION =
  'Facts are global per tool: the GitHub repository (stars, forks, open issues, licence, language, topics, ' +
  'archived, last push, latest release, contributors) and each package (latest version and date, licence, ' +
  'downloads, dependencies, bundled types, OpenSSF Scorecard). Each source lists its last fetch time, outcome ' +
  'and error; a failed source keeps its last facts.';

export function factsRoutes(app: ApiApp, { db }: RouteDeps, context: FactsContext): void {
  const routes = routesOf(app, 'facts');
  const shared = { params: toolFactsParamsSchema };

  routes.get('/tools/workspace/:toolId/facts', {
    ...shared,
    summary: "A tool's repository and package facts, with their sources and fetch times",
    description: FACTS_DESCRIPTION,
    answer: toolFactsSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getToolFacts(db, actor, params.toolId),
  });

  routes.post('/tools/workspace/:toolId/facts/refresh', {
    ...shared,
    summary: "Refresh a tool's facts now (editors and admins)",
    description:
      'Queues a refresh whatever the facts’ age; the answer is the facts as they are, with refresh_queued.',
    accepted: toolFactsSchema,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => refreshToolFactsNow(db, context, actor, params.toolId),
  });
}
