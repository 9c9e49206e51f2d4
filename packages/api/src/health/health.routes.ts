import { idParamsSchema } from '@stackyard/contracts/catalog';
import {
  attentionListSchema,
  healthCheckQueuedSchema,
  itemHealthSchema,
  type HealthItemKind,
} from '@stackyard/contracts/health';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge } from '../http.ts';
import { routesOf } from '../route.ts';
import type { HealthContext } from './health-context.ts';
import { checkItemNow, checkWorkspaceNow, keepItem, listNeedsAttention } from './health.service.ts';

const STATUSES =
  'Statuses: ok; moved (a permanent redirect to another URL, offered as moved_to); gone (404 or 410); ' +
  'failing (several checks in a row failed); archived (a tool whose GitHub repository is archived); ' +
  "deprecated (a tool whose npm package's latest version is deprecated).";

export function healthRoutes(app: ApiApp, { db }: RouteDeps, context: HealthContext): void {
  const routes = routesOf(app, 'health');
  routes.get('/workspaces/:id/health', {
    summary: 'The items that need attention: broken, moved or archived links not marked as kept',
    description: STATUSES,
    params: workspaceParamsSchema,
    answer: attentionListSchema,
    problems: notFound,
    handler: async ({ actor, params }) => listNeedsAttention(db, actor, params.id),
  });

  routes.post('/workspaces/:id/health-check', {
    summary: 'Check every link of the workspace now (editors and admins)',
    description: 'Queues a check of each item not queued already; the answer says how many.',
    params: workspaceParamsSchema,
    accepted: healthCheckQueuedSchema,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => checkWorkspaceNow(db, context, actor, params.id),
  });

  const itemRoutes = (
    kind: HealthItemKind,
    path: string,
    id: (params: Record<string, string | undefined>) => string,
  ) => {
    const params = kind === 'tool' ? toolParamsSchema : idParamsSchema;
    routes.post(`${path}/health-check`, {
      summary: `Check a ${kind}'s link now (editors and admins)`,
      description: `The answer is what the check found. ${STATUSES}`,
      params,
      answer: itemHealthSchema,
      problems: { ...forbidden, ...notFound, ...tooLarge },
      handler: async ({ actor, params }) => checkItemNow(db, context, actor, kind, id(params)),
    });
    routes.post(`${path}/health/keep`, {
      summary: `Mark a ${kind} as kept in its current link status (editors and admins)`,
      description: 'It leaves the Needs attention list until a check finds another status.',
      params,
      answer: itemHealthSchema,
      problems: { ...forbidden, ...notFound, ...conflict, ...tooLarge },
      handler: async ({ actor, params }) => keepItem(db, actor, kind, id(params)),
    });
  };
  itemRoutes('tool', '/tools/workspace/:toolId', (params) => params.toolId ?? '');
  itemRoutes('resource', '/resources/:id', (params) => params.id ?? '');
}
