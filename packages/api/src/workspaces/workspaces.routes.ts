import {
  createWorkspaceSchema,
  updateWorkspaceSchema,
  workspaceListItemSchema,
  workspaceListSchema,
  workspaceParamsSchema,
  workspaceSummarySchema,
} from '@stackyard/contracts/workspace';
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge } from '../http.ts';
import { routesOf } from '../route.ts';
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  getWorkspaceSummary,
  listWorkspaces,
  updateWorkspace,
} from './workspaces.service.ts';

export function workspaceRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'workspaces');
  routes.get('/workspaces', {
    summary: 'The workspaces the caller is a member of',
    answer: workspaceListSchema,
    handler: async ({ actor }) => listWorkspaces(db, actor),
  });

  routes.post('/workspaces', {
    summary: 'Create a workspace; the caller becomes its owner and an admin',
    body: createWorkspaceSchema,
    created: workspaceListItemSchema,
    problems: conflict,
    handler: async ({ actor, body }) => createWorkspace(db, actor, body),
  });

  routes.get('/workspaces/:id', {
    summary: 'One workspace the caller is a member of',
    params: workspaceParamsSchema,
    answer: workspaceListItemSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getWorkspace(db, actor, params.id),
  });

  routes.get('/workspaces/:id/summary', {
    summary: 'How many tools, resources, projects, tags, members and open ingestions a workspace has',
    params: workspaceParamsSchema,
    answer: workspaceSummarySchema,
    problems: notFound,
    handler: async ({ actor, params }) => getWorkspaceSummary(db, actor, params.id),
  });

  routes.put('/workspaces/:id', {
    summary: 'Rename, re-slug or describe a workspace (owner and admins)',
    params: workspaceParamsSchema,
    body: updateWorkspaceSchema,
    answer: workspaceListItemSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params, body }) => updateWorkspace(db, actor, params.id, body),
  });

  routes.delete('/workspaces/:id', {
    summary: 'Delete a workspace and everything in it (owner only, never the last one)',
    params: workspaceParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...conflict, ...tooLarge },
    handler: async ({ actor, params }) => deleteWorkspace(db, actor, params.id),
  });
}
