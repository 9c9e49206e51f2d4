import { toolFactsParamsSchema, toolFactsSchema } from '@stackyard/contracts/facts';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
import type { FactsContext } from './facts-context.ts';
import { getToolFacts, refreshToolFactsNow } from './facts.service.ts';

const FACTS_DESCRIPTION =
  'Facts are global per tool: the GitHub repository (stars, forks, open issues, licence, language, topics, ' +
  'archived, last push, latest release, contributors) and each package (latest version and date, licence, ' +
  'downloads, dependencies, bundled types, OpenSSF Scorecard). Each source lists its last fetch time, outcome ' +
  'and error; a failed source keeps its last facts.';

export function factsRoutes(app: ApiApp, { db }: RouteDeps, context: FactsContext): void {
  app.get(
    '/tools/workspace/:toolId/facts',
    {
      schema: {
        tags: ['facts'],
        summary: "A tool's repository and package facts, with their sources and fetch times",
        description: FACTS_DESCRIPTION,
        params: toolFactsParamsSchema,
        response: { 200: toolFactsSchema, ...always, ...notFound },
      },
    },
    async (request) => getToolFacts(db, actorOf(request), request.params.toolId),
  );

  app.post(
    '/tools/workspace/:toolId/facts/refresh',
    {
      schema: {
        tags: ['facts'],
        summary: "Refresh a tool's facts now (editors and admins)",
        description:
          'Queues a refresh whatever the facts’ age; the answer is the facts as they are, with refresh_queued.',
        params: toolFactsParamsSchema,
        response: { 202: toolFactsSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await refreshToolFactsNow(db, context, actorOf(request), request.params.toolId)),
  );
}
