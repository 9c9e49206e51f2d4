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
import { routesOf } from '../route.ts';
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
  const routes = routesOf(app, 'projects');
  routes.get('/projects', {
    summary: "A workspace's projects: paged, filtered by tag, sorted by recent or name",
    description: PAGED_LIST,
    querystring: projectListQuerySchema,
    page: projectListSchema,
    problems: notFound,
    handler: async ({ actor, query }) => listProjects(db, actor, query),
  });

  routes.post('/projects', {
    summary: 'Create a project, optionally with the tools it uses (editors and admins)',
    body: createProjectSchema,
    created: projectSchema,
    problems: { ...forbidden, ...notFound, ...conflict, ...unprocessable },
    handler: async ({ actor, body }) => createProject(db, actor, body),
  });

  routes.get('/projects/workspace/:workspaceId/slug/:slug', {
    summary: 'A project by its slug in a workspace',
    params: workspaceSlugParamsSchema,
    answer: projectSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getProjectBySlug(db, actor, params.workspaceId, params.slug),
  });

  routes.get('/projects/:id', {
    summary: 'A project by its id',
    params: idParamsSchema,
    answer: projectSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getProject(db, actor, params.id),
  });

  routes.put('/projects/:id', {
    summary: 'Rename or re-slug a project (editors and admins)',
    params: idParamsSchema,
    body: updateProjectSchema,
    answer: projectSchema,
    problems: { ...forbidden, ...notFound, ...conflict },
    handler: async ({ actor, params, body }) => updateProject(db, actor, params.id, body),
  });

  routes.delete('/projects/:id', {
    summary: 'Delete a project with its comments, tags and tool links (editors and admins)',
    params: idParamsSchema,
    noContent: true,
    problems: { ...forbidden, ...notFound, ...tooLarge },
    handler: async ({ actor, params }) => deleteProject(db, actor, params.id),
  });

  routes.get('/projects/:id/tools', {
    summary: 'The tools a project uses',
    params: idParamsSchema,
    answer: toolListSchema,
    problems: notFound,
    handler: async ({ actor, params }) => listProjectTools(db, actor, params.id),
  });

  for (const [method, summary, change] of [
    ['put', 'Link a tool of the workspace to the project (editors and admins)', linkProjectTool],
    ['delete', 'Unlink a tool from the project (editors and admins)', unlinkProjectTool],
  ] as const) {
    routes[method]('/projects/:id/tools/:toolId', {
      summary,
      params: projectToolParamsSchema,
      noContent: true,
      problems: { ...forbidden, ...notFound, ...tooLarge },
      handler: async ({ actor, params }) => change(db, actor, params.id, params.toolId),
    });
  }
}
