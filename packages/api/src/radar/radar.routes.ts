import {
  radarExportFormatSchema,
  radarSchema,
  radarSettingsSchema,
  updateRadarSettingsSchema,
} from '@stackyard/contracts/radar';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { z } from 'zod';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound } from '../http.ts';
import { routesOf } from '../route.ts';
import { renderRadarExport } from './exports.ts';
import { getRadar, getRadarSettings, updateRadarSettings } from './radar.service.ts';

export function radarRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'radar');
  const shared = { params: workspaceParamsSchema, problems: notFound };

  routes.get('/workspaces/:id/radar', {
    ...shared,
    summary: "The workspace's tech radar: its tools by ring and quadrant",
    description:
      'preferred → adopt, accepted → trial or assess (the settings choose), avoid → hold; the quadrant ' +
      "comes from the tool's category. Entries are numbered by quadrant, then ring, then name.",
    answer: radarSchema,
    handler: async ({ actor, params }) => getRadar(db, actor, params.id),
  });

  routes.get('/workspaces/:id/radar/settings', {
    ...shared,
    summary: "The radar's ring for accepted tools, its quadrant names and the category → quadrant mapping",
    answer: radarSettingsSchema,
    handler: async ({ actor, params }) => getRadarSettings(db, actor, params.id),
  });

  routes.put('/workspaces/:id/radar/settings', {
    ...shared,
    summary: "Replace the radar's settings (owner and admins)",
    description: 'categories is the whole mapping; a category left out lands in its built-in quadrant.',
    body: updateRadarSettingsSchema,
    answer: radarSettingsSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => updateRadarSettings(db, actor, params.id, body),
  });

  routes.get('/workspaces/:id/radar/export/:format', {
    ...shared,
    summary:
      'The radar as a file: Backstage tech-radar JSON, Zalando tech-radar JSON or Thoughtworks BYOR CSV',
    params: workspaceParamsSchema.extend({ format: radarExportFormatSchema }),
    file: {
      description: 'The file, as an attachment',
      content: { 'application/json': { schema: z.unknown() }, 'text/csv': { schema: z.string() } },
    },
    handler: async ({ actor, params, reply }) => {
      const radar = await getRadar(db, actor, params.id);
      const file = renderRadarExport(radar, params.format, new Date());
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  });
}
