import {
  idParamsSchema,
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
import type { ApiApp, RouteDeps } from '../context.ts';
import { conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { route } from '../route.ts';
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

const tags = ['projects'];

export function projectRoutes(app: ApiApp, { db }: RouteDeps): void {
  route(app, 'GET', '/projects', {
    tags,
    summary: "A workspace's projects: paged, filtered by tag, sorted by recent or name",
    description: PAGED_LIST,
    querystring: projectListQuerySchema,
    page: projectListSchema,
    problems: notFound,
    handler: async ({ actor, query }) => listProjects(db, actor, query),
  });

  route(app, 'POST', '/projects', {
    tags,
    summary: 'Create a project, optionally with the tools it uses (editors and admins)',
    body: createProjectSchema,
    created: projectSchema,
    problems: { ...forbidden, ...notFound, ...conflict, ...unprocessable },
    handler: async ({ actor, body }) => createProject(db, actor, body),
  });

  route(app, 'GET', '/projects/workspace/:workspaceId/slug/:slug', {
    tags,
    summary: 'A project by its slug in a workspace',
    params: workspaceSlugParamsSchema,
    answer: projectSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getProjectBySlug(db, actor, params.workspaceId, params.slug),
  });

  route(app, 'GET', '/projects/:id', {
    tags,
    summary: 'A project by its id',
    params: idParamsSchema,
    answer: projectSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getProject(db, actor, params.id),
  });

  route(app, 'PUT', '/projects/:id', {
    tags,
    summary: 'Rename or re-slug a project (editors and admins)',
    params: idParamsSchema,
    body: updateProjectSchema,
    answer: projectSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params, body }) => updateProject(db, actor, params.id, body),
  });

  route(app, 'DELETE', '/projects/:id', {
    tags,
    summary: 'Delete a project with its comments, tags and tool links (editors and admins)',
    params: idParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => deleteProject(db, actor, params.id),
  });

  route(app, 'GET', '/projects/:id/tools', {
    tags,
    summary: 'The tools a project uses',
    params: idParamsSchema,
    answer: toolListSchema,
    problems: notFound,
    handler: async ({ actor, params }) => listProjectTools(db, actor, params.id),
  });

  for (const [method, summary, change] of [
    ['PUT', 'Link a tool of the workspace to the project (editors and admins)', linkProjectTool],
    ['DELETE', 'Unlink a tool from the project (editors and admins)', unlinkProjectTool],
  ] as const) {
    route(app, method, '/projects/:id/tools/:toolId', {
      tags,
      summary,
      params: projectToolParamsSchema,
      noContent: true,
      problems: { ...forbidden, ...notFound, ...tooLarge },
      handler: async ({ actor, params }) => change(db, actor, params.id, params.toolId),
    });
  }
}
