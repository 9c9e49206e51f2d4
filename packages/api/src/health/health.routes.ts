import { idParamsSchema } from '@stackyard/contracts/catalog';
import {
  attentionListSchema,
  healthCheckQueuedSchema,
  itemHealthSchema,
  type HealthItemKind,
} from '@stackyard/contracts/health';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge } from '../http.ts';
import type { HealthContext } from './health-context.ts';
import { checkItemNow, checkWorkspaceNow, keepItem, listNeedsAttention } from './health.service.ts';

const STATUSES =
  'Statuses: ok; moved (a permanent redirect to another URL, offered as moved_to); gone (404 or 410); ' +
  'failing (several checks in a row failed); archived (a tool whose GitHub repository is archived); ' +
  "deprecated (a tool whose npm package's latest version is deprecated).";

export function healthRoutes(app: ApiApp, { db }: RouteDeps, context: HealthContext): void {
  app.get(
    '/workspaces/:id/health',
    {
      schema: {
        tags: ['health'],
        summary: 'The items that need attention: broken, moved or archived links not marked as kept',
        description: STATUSES,
        params: workspaceParamsSchema,
        response: { 200: attentionListSchema, ...always, ...notFound },
      },
    },
    async (request) => listNeedsAttention(db, actorOf(request), request.params.id),
  );

  app.post(
    '/workspaces/:id/health-check',
    {
      schema: {
        tags: ['health'],
        summary: 'Check every link of the workspace now (editors and admins)',
        description: 'Queues a check of each item not queued already; the answer says how many.',
        params: workspaceParamsSchema,
        response: { 202: healthCheckQueuedSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await checkWorkspaceNow(db, context, actorOf(request), request.params.id)),
  );

  const itemRoutes = (
    kind: HealthItemKind,
    path: string,
    id: (params: Record<string, string | undefined>) => string,
  ) => {
    const params = kind === 'tool' ? toolParamsSchema : idParamsSchema;
    app.post(
      `${path}/health-check`,
      {
        schema: {
          tags: ['health'],
          summary: `Check a ${kind}'s link now (editors and admins)`,
          description: `The answer is what the check found. ${STATUSES}`,
          params,
          response: { 200: itemHealthSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
        },
      },
      async (request) => checkItemNow(db, context, actorOf(request), kind, id(request.params)),
    );
    app.post(
      `${path}/health/keep`,
      {
        schema: {
          tags: ['health'],
          summary: `Mark a ${kind} as kept in its current link status (editors and admins)`,
          description: 'It leaves the Needs attention list until a check finds another status.',
          params,
          response: { 200: itemHealthSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
        },
      },
      async (request) => keepItem(db, actorOf(request), kind, id(request.params)),
    );
  };
  itemRoutes('tool', '/tools/workspace/:toolId', (params) => params.toolId ?? '');
  itemRoutes('resource', '/resources/:id', (params) => params.id ?? '');
}
