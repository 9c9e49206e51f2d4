import {
  submissionListSchema,
  submissionSchema,
  submissionWorkspaceParamsSchema,
  submitToolSchema,
} from '@stackyard/contracts/ingestion';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
import type { IngestionQueue } from './ingestion.job.ts';
import { listToolSubmissions, submitTool } from './ingestion.service.ts';

const STATUSES =
  'Status: pending (queued) → fetching → completed (workspace_tool_id set) | quarantined (quarantine_context ' +
  'gives a code and a reason; not retried by itself) | failed (transient failures outlasted every retry).';

export function ingestionRoutes(app: ApiApp, { db }: RouteDeps, queue: IngestionQueue | undefined): void {
  app.post(
    '/ingestion/tools',
    {
      schema: {
        tags: ['ingestion'],
        summary: 'Submit a tool URL (editors and admins); answers the pending submission at once',
        description: STATUSES,
        body: submitToolSchema,
        response: { 202: submissionSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await submitTool(db, actorOf(request), request.body, queue)),
  );

  app.get(
    '/ingestion/tools/workspace/:workspace_id',
    {
      schema: {
        tags: ['ingestion'],
        summary: "A workspace's tool submissions, newest first",
        description: STATUSES,
        params: submissionWorkspaceParamsSchema,
        response: { 200: submissionListSchema, ...always, ...notFound },
      },
    },
    async (request) => listToolSubmissions(db, actorOf(request), request.params.workspace_id),
  );
}
