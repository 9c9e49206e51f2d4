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
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound } from '../http.ts';
import { exportArchiveName, exportStack } from '../stack-export/export.service.ts';
import { exportFormats } from '../stack-export/formats.ts';
import { zip } from '../stack-export/zip.ts';
import { routesOf } from '../route.ts';
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
  const routes = routesOf(app, 'stack');
  routes.get('/tools/workspace/:toolId/stance', {
    summary: "The workspace's stance on a tool, with its note and category",
    params: toolParamsSchema,
    answer: toolStanceRecordSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getToolStance(db, actor, params.toolId),
  });

  routes.put('/tools/workspace/:toolId/stance', {
    summary: "Set the workspace's stance on a tool, its note and category (editors and admins)",
    description: 'The whole stance is replaced: a note or category left out is cleared.',
    params: toolParamsSchema,
    body: setToolStanceSchema,
    answer: toolStanceRecordSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => setToolStance(db, actor, params.toolId, body),
  });

  routes.put('/workspaces/:id/stack/stances', {
    summary: 'Set one stance on many tools of the workspace (editors and admins)',
    description: 'Notes and categories stay as they are. Every id must be a tool of the workspace.',
    params: workspaceParamsSchema,
    body: setToolStancesSchema,
    answer: toolStanceListSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => setToolStances(db, actor, params.id, body),
  });

  routes.get('/workspaces/:id/stack', {
    summary: "The workspace's preferred stack",
    description: STACK_ORDER,
    params: workspaceParamsSchema,
    querystring: stackQuerySchema,
    answer: stackSchema,
    problems: notFound,
    handler: async ({ actor, params, query }) => getWorkspaceStack(db, actor, params.id, query),
  });

  routes.get('/projects/:id/stack', {
    summary: "A project's stack: its linked tools with the workspace's stances",
    description: STACK_ORDER,
    params: idParamsSchema,
    querystring: stackQuerySchema,
    answer: stackSchema,
    problems: notFound,
    handler: async ({ actor, params, query }) => getProjectStack(db, actor, params.id, query),
  });

  routes.get('/workspaces/:id/export/ai', {
    summary: 'The AI-assistant export: the chosen formats as one zip, at their repository paths',
    description: 'formats: comma-separated format names (all when absent); project_id: export one project.',
    params: workspaceParamsSchema,
    querystring: stackExportQuerySchema,
    file: {
      description: 'A zip archive',
      content: { 'application/zip': { schema: z.instanceof(Buffer) } },
    },
    problems: notFound,
    handler: async ({ actor, params, query, reply }) => {
      const { stack, files } = await exportStack(db, actor, params.id, {
        projectId: query.project_id ?? null,
        formats: query.formats,
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportArchiveName(stack)}"`)
        .header('cache-control', 'no-store')
        .send(zip(files));
    },
  });

  routes.get('/workspaces/:id/export/ai/:format', {
    summary: 'One file of the AI-assistant export, with its own content type',
    description: 'project_id: export one project.',
    params: workspaceParamsSchema.extend({ format: stackExportFormatSchema }),
    querystring: stackExportQuerySchema.pick({ project_id: true }),
    file: {
      description: 'The file',
      content: Object.fromEntries(
        [
          ...new Set(Object.values(exportFormats).map((format) => format.contentType.split(';')[0] ?? '')),
        ].map((type) => [type, { schema: type.endsWith('json') ? z.unknown() : z.string() }]),
      ),
    },
    problems: notFound,
    handler: async ({ actor, params, query, reply }) => {
      const { files } = await exportStack(db, actor, params.id, {
        projectId: query.project_id ?? null,
        formats: [params.format],
      });
      const [file] = files;
      if (!file) throw new Error(`No renderer for ${params.format}`);
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename="${file.path.split('/').at(-1) ?? file.path}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  });
}
