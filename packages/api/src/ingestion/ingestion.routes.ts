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
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge } from '../http.ts';
import { routesOf } from '../route.ts';
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
  const routes = routesOf(app, 'ingestion');

  for (const kind of ['tool', 'resource'] as const) {
    const plural = `${kind}s`;
    routes.post(`/ingestion/${plural}`, {
      summary: `Submit a ${kind} URL (editors and admins); answers the pending submission at once`,
      description: `${STATUSES} ${HINTS}`,
      body: kind === 'tool' ? submitToolSchema : submitResourceSchema,
      accepted: submissionSchema,
      problems: { ...forbidden, ...notFound },
      handler: async ({ actor, body }) => submit(db, actor, kind, body, queue),
    });

    routes.get(`/ingestion/${plural}/workspace/:workspace_id`, {
      summary: `A workspace's ${kind} submissions, newest first (the newest \`limit\`, at most 500)`,
      description: STATUSES,
      params: submissionWorkspaceParamsSchema,
      querystring: submissionListQuerySchema,
      answer: submissionListSchema,
      problems: notFound,
      handler: async ({ actor, params, query }) =>
        listWorkspaceSubmissions(db, actor, params.workspace_id, kind, query.limit),
    });
  }

  routes.get('/ingestion/submissions/:id', {
    summary: 'One submission (every member of its workspace)',
    description: STATUSES,
    params: submissionParamsSchema,
    answer: submissionSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getSubmission(db, actor, params.id),
  });

  // Review of a quarantined or failed submission.
  const review = {
    params: submissionParamsSchema,
    answer: submissionSchema,
    problems: { ...forbidden, ...notFound, ...conflict, ...tooLarge },
  };

  routes.post('/ingestion/submissions/:id/retry', {
    ...review,
    summary: 'Retry a quarantined or failed submission: back to pending, fetched again',
    description: REVIEW,
    handler: async ({ actor, params }) => retrySubmission(db, actor, params.id, queue),
  });

  routes.post('/ingestion/submissions/:id/release', {
    ...review,
    summary: 'Release a quarantined or failed submission with metadata typed by hand: completed, no fetch',
    description: `${REVIEW} A tool needs a name; a resource's name is its title. homepage_url defaults to the submitted URL. ${HINTS}`,
    body: releaseSubmissionSchema,
    handler: async ({ actor, params, body }) => releaseSubmission(db, actor, params.id, body),
  });

  routes.post('/ingestion/submissions/:id/reject', {
    ...review,
    summary: 'Reject a quarantined or failed submission (status rejected)',
    description: REVIEW,
    handler: async ({ actor, params }) => rejectSubmission(db, actor, params.id),
  });
}
