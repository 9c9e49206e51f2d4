import { z } from 'zod';
import {
  createWorkspaceSchema,
  updateWorkspaceSchema,
  workspaceListItemSchema,
  workspaceListSchema,
  workspaceParamsSchema,
  workspaceSummarySchema,
} from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge } from '../http.ts';
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  getWorkspaceSummary,
  listWorkspaces,
  updateWorkspace,
} from './workspaces.service.ts';

export function workspaceRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/workspaces',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'The workspaces the caller is a member of',
        response: { 200: workspaceListSchema, ...always },
      },
    },
    async (request) => listWorkspaces(db, actorOf(request)),
  );

  app.post(
    '/workspaces',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Create a workspace; the caller becomes its owner and an admin',
        body: createWorkspaceSchema,
        response: { 201: workspaceListItemSchema, ...always, ...conflict, ...tooLarge },
      },
    },
    async (request, reply) => reply.code(201).send(await createWorkspace(db, actorOf(request), request.body)),
  );

  app.get(
    '/workspaces/:id',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'One workspace the caller is a member of',
        params: workspaceParamsSchema,
        response: { 200: workspaceListItemSchema, ...always, ...notFound },
      },
    },
    async (request) => getWorkspace(db, actorOf(request), request.params.id),
  );

  app.get(
    '/workspaces/:id/summary',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'How many tools, resources, projects, tags, members and open ingestions a workspace has',
        params: workspaceParamsSchema,
        response: { 200: workspaceSummarySchema, ...always, ...notFound },
      },
    },
    async (request) => getWorkspaceSummary(db, actorOf(request), request.params.id),
  );

  app.put(
    '/workspaces/:id',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Rename, re-slug or describe a workspace (owner and admins)',
        params: workspaceParamsSchema,
        body: updateWorkspaceSchema,
        response: {
          200: workspaceListItemSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...conflict,
          ...tooLarge,
        },
      },
    },
    async (request) => updateWorkspace(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/workspaces/:id',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Delete a workspace and everything in it (owner only, never the last one)',
        params: workspaceParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request, reply) => {
      await deleteWorkspace(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
