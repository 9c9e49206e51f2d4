import { z } from 'zod';
import {
  idParamsSchema,
  NEXT_CURSOR_HEADER,
  projectListQuerySchema,
  workspaceSlugParamsSchema,
} from '@stackyard/contracts/catalog';
import {
  createProjectSchema,
  projectListSchema,
  projectSchema,
  projectToolParamsSchema,
  updateProjectSchema,
} from '@stackyard/contracts/project';
import { toolListSchema } from '@stackyard/contracts/tool';
import { PAGED_LIST } from '../catalog/pagination.ts';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import {
  createProject,
  deleteProject,
  getProject,
  getProjectBySlug,
  linkProjectTool,
  listProjects,
  listProjectTools,
  unlinkProjectTool,
  updateProject,
} from './projects.service.ts';

export function projectRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        summary: "A workspace's projects: paged, filtered by tag, sorted by recent or name",
        description: PAGED_LIST,
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, ...always, ...notFound },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await listProjects(db, actorOf(request), request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );

  app.post(
    '/projects',
    {
      schema: {
        tags: ['projects'],
        summary: 'Create a project, optionally with the tools it uses (editors and admins)',
        body: createProjectSchema,
        response: {
          201: projectSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...conflict,
          ...unprocessable,
          ...tooLarge,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createProject(db, actorOf(request), request.body)),
  );

  app.get(
    '/projects/workspace/:workspaceId/slug/:slug',
    {
      schema: {
        tags: ['projects'],
        summary: 'A project by its slug in a workspace',
        params: workspaceSlugParamsSchema,
        response: { 200: projectSchema, ...always, ...notFound },
      },
    },
    async (request) =>
      getProjectBySlug(db, actorOf(request), request.params.workspaceId, request.params.slug),
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'A project by its id',
        params: idParamsSchema,
        response: { 200: projectSchema, ...always, ...notFound },
      },
    },
    async (request) => getProject(db, actorOf(request), request.params.id),
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'Rename or re-slug a project (editors and admins)',
        params: idParamsSchema,
        body: updateProjectSchema,
        response: { 200: projectSchema, ...always, ...forbidden, ...notFound, ...conflict, ...tooLarge },
      },
    },
    async (request) => updateProject(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'Delete a project with its comments, tags and tool links (editors and admins)',
        params: idParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await deleteProject(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/projects/:id/tools',
    {
      schema: {
        tags: ['projects'],
        summary: 'The tools a project uses',
        params: idParamsSchema,
        response: { 200: toolListSchema, ...always, ...notFound },
      },
    },
    async (request) => listProjectTools(db, actorOf(request), request.params.id),
  );

  app.put(
    '/projects/:id/tools/:toolId',
    {
      schema: {
        tags: ['projects'],
        summary: 'Link a tool of the workspace to the project (editors and admins)',
        params: projectToolParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await linkProjectTool(db, actorOf(request), request.params.id, request.params.toolId);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/projects/:id/tools/:toolId',
    {
      schema: {
        tags: ['projects'],
        summary: 'Unlink a tool from the project (editors and admins)',
        params: projectToolParamsSchema,
        response: { 204: z.undefined(), ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) => {
      await unlinkProjectTool(db, actorOf(request), request.params.id, request.params.toolId);
      return reply.code(204).send();
    },
  );
}
