import { z } from 'zod';
import { idParamsSchema } from '@stackyard/contracts/catalog';
import {
  setToolStanceSchema,
  setToolStancesSchema,
  stackExportFormatSchema,
  stackExportQuerySchema,
  stackQuerySchema,
  stackSchema,
  toolStanceListSchema,
  toolStanceRecordSchema,
} from '@stackyard/contracts/stack';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
import { exportArchiveName, exportStack } from '../stack-export/export.service.ts';
import { exportFormats } from '../stack-export/formats.ts';
import { zip } from '../stack-export/zip.ts';
import {
  getProjectStack,
  getToolStance,
  getWorkspaceStack,
  setToolStance,
  setToolStances,
} from './stack.service.ts';

const STACK_ORDER =
  'Grouped by category (by name, uncategorized last); in each, preferred tools first, then accepted, then ' +
  'avoided, best rated first, then by slug. A tool without a stance is accepted. The top comment is the ' +
  "tool's most recently written or edited comment.";

export function stackRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/tools/workspace/:toolId/stance',
    {
      schema: {
        tags: ['stack'],
        summary: "The workspace's stance on a tool, with its note and category",
        params: toolParamsSchema,
        response: { 200: toolStanceRecordSchema, ...always, ...notFound },
      },
    },
    async (request) => getToolStance(db, actorOf(request), request.params.toolId),
  );

  app.put(
    '/tools/workspace/:toolId/stance',
    {
      schema: {
        tags: ['stack'],
        summary: "Set the workspace's stance on a tool, its note and category (editors and admins)",
        description: 'The whole stance is replaced: a note or category left out is cleared.',
        params: toolParamsSchema,
        body: setToolStanceSchema,
        response: { 200: toolStanceRecordSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) => setToolStance(db, actorOf(request), request.params.toolId, request.body),
  );

  app.put(
    '/workspaces/:id/stack/stances',
    {
      schema: {
        tags: ['stack'],
        summary: 'Set one stance on many tools of the workspace (editors and admins)',
        description: 'Notes and categories stay as they are. Every id must be a tool of the workspace.',
        params: workspaceParamsSchema,
        body: setToolStancesSchema,
        response: { 200: toolStanceListSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) => setToolStances(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/workspaces/:id/stack',
    {
      schema: {
        tags: ['stack'],
        summary: "The workspace's preferred stack",
        description: STACK_ORDER,
        params: workspaceParamsSchema,
        querystring: stackQuerySchema,
        response: { 200: stackSchema, ...always, ...notFound },
      },
    },
    async (request) => getWorkspaceStack(db, actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/projects/:id/stack',
    {
      schema: {
        tags: ['stack'],
        summary: "A project's stack: its linked tools with the workspace's stances",
        description: STACK_ORDER,
        params: idParamsSchema,
        querystring: stackQuerySchema,
        response: { 200: stackSchema, ...always, ...notFound },
      },
    },
    async (request) => getProjectStack(db, actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/workspaces/:id/export/ai',
    {
      schema: {
        tags: ['stack'],
        summary: 'The AI-assistant export: the chosen formats as one zip, at their repository paths',
        description:
          'formats: comma-separated format names (all when absent); project_id: export one project.',
        params: workspaceParamsSchema,
        querystring: stackExportQuerySchema,
        response: {
          200: {
            description: 'A zip archive',
            content: { 'application/zip': { schema: z.instanceof(Buffer) } },
          },
          ...always,
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const { stack, files } = await exportStack(db, actorOf(request), request.params.id, {
        projectId: request.query.project_id ?? null,
        formats: request.query.formats,
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportArchiveName(stack)}"`)
        .header('cache-control', 'no-store')
        .send(zip(files));
    },
  );

  app.get(
    '/workspaces/:id/export/ai/:format',
    {
      schema: {
        tags: ['stack'],
        summary: 'One file of the AI-assistant export, with its own content type',
        description: 'project_id: export one project.',
        params: workspaceParamsSchema.extend({ format: stackExportFormatSchema }),
        querystring: stackExportQuerySchema.pick({ project_id: true }),
        response: {
          200: {
            description: 'The file',
            content: Object.fromEntries(
              [
                ...new Set(
                  Object.values(exportFormats).map((format) => format.contentType.split(';')[0] ?? ''),
                ),
              ].map((type) => [type, { schema: type.endsWith('json') ? z.unknown() : z.string() }]),
            ),
          },
          ...always,
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const { files } = await exportStack(db, actorOf(request), request.params.id, {
        projectId: request.query.project_id ?? null,
        formats: [request.params.format],
      });
      const [file] = files;
      if (!file) throw new Error(`No renderer for ${request.params.format}`);
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename="${file.path.split('/').at(-1) ?? file.path}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}
