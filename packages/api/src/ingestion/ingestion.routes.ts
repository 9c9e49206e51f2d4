import {
  releaseSubmissionSchema,
  submissionListQuerySchema,
  submissionListSchema,
  submissionParamsSchema,
  submissionSchema,
  submissionWorkspaceParamsSchema,
  submitResourceSchema,
  submitToolSchema,
} from '@stackyard/contracts/ingestion';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge } from '../http.ts';
import type { IngestionQueue } from '../jobs/queues.ts';
import {
  getSubmission,
  listWorkspaceSubmissions,
  rejectSubmission,
  releaseSubmission,
  retrySubmission,
  submit,
} from './ingestion.service.ts';

const STATUSES =
  'Status: pending (queued) → fetching → completed (workspace_tool_id or resource_id set) | quarantined ' +
  '(quarantine_context gives a code and a reason; not retried by itself) | failed (transient failures outlasted ' +
  'every retry) | rejected (a reviewer turned it down). Editors and admins review quarantined and failed ones.';
const HINTS =
  'Hints (pre_ingestion_extracted_data.ingestion_hints) are applied on completion: linked tags attached, linked ' +
  "projects get the tool, the suggested comment posted as the submitter's. A tag or project that is not the " +
  "workspace's is refused with a 400.";
const REVIEW = 'Editors and admins; only from quarantined or failed (409 otherwise).';

export function ingestionRoutes(app: ApiApp, { db }: RouteDeps, queue: IngestionQueue | undefined): void {
  for (const kind of ['tool', 'resource'] as const) {
    const plural = `${kind}s`;
    app.post(
      `/ingestion/${plural}`,
      {
        schema: {
          tags: ['ingestion'],
          summary: `Submit a ${kind} URL (editors and admins); answers the pending submission at once`,
          description: `${STATUSES} ${HINTS}`,
          body: kind === 'tool' ? submitToolSchema : submitResourceSchema,
          response: { 202: submissionSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await submit(db, actorOf(request), kind, request.body, queue)),
    );

    app.get(
      `/ingestion/${plural}/workspace/:workspace_id`,
      {
        schema: {
          tags: ['ingestion'],
          summary: `A workspace's ${kind} submissions, newest first (the newest \`limit\`, at most 500)`,
          description: STATUSES,
          params: submissionWorkspaceParamsSchema,
          querystring: submissionListQuerySchema,
          response: { 200: submissionListSchema, ...always, ...notFound },
        },
      },
      async (request) =>
        listWorkspaceSubmissions(
          db,
          actorOf(request),
          request.params.workspace_id,
          kind,
          request.query.limit,
        ),
    );
  }

  app.get(
    '/ingestion/submissions/:id',
    {
      schema: {
        tags: ['ingestion'],
        summary: 'One submission (every member of its workspace)',
        description: STATUSES,
        params: submissionParamsSchema,
        response: { 200: submissionSchema, ...always, ...notFound },
      },
    },
    async (request) => getSubmission(db, actorOf(request), request.params.id),
  );

  app.post(
    '/ingestion/submissions/:id/retry',
    {
      schema: {
        tags: ['ingestion'],
        summary: 'Retry a quarantined or failed submission: back to pending, fetched again',
        description: REVIEW,
        params: submissionParamsSchema,
        response: { 200: submissionSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request) => retrySubmission(db, actorOf(request), request.params.id, queue),
  );

  app.post(
    '/ingestion/submissions/:id/release',
    {
      schema: {
        tags: ['ingestion'],
        summary:
          'Release a quarantined or failed submission with metadata typed by hand: completed, no fetch',
        description: `${REVIEW} A tool needs a name; a resource's name is its title. homepage_url defaults to the submitted URL. ${HINTS}`,
        params: submissionParamsSchema,
        body: releaseSubmissionSchema,
        response: { 200: submissionSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request) => releaseSubmission(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/ingestion/submissions/:id/reject',
    {
      schema: {
        tags: ['ingestion'],
        summary: 'Reject a quarantined or failed submission (status rejected)',
        description: REVIEW,
        params: submissionParamsSchema,
        response: { 200: submissionSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request) => rejectSubmission(db, actorOf(request), request.params.id),
  );
}
