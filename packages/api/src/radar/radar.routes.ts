import {
  radarExportFormatSchema,
  radarSchema,
  radarSettingsSchema,
  updateRadarSettingsSchema,
} from '@stackyard/contracts/radar';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { z } from 'zod';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
import { renderRadarExport } from './exports.ts';
import { getRadar, getRadarSettings, updateRadarSettings } from './radar.service.ts';

export function radarRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/workspaces/:id/radar',
    {
      schema: {
        tags: ['radar'],
        summary: "The workspace's tech radar: its tools by ring and quadrant",
        description:
          'preferred → adopt, accepted → trial or assess (the settings choose), avoid → hold; the quadrant ' +
          "comes from the tool's category. Entries are numbered by quadrant, then ring, then name.",
        params: workspaceParamsSchema,
        response: { 200: radarSchema, ...always, ...notFound },
      },
    },
    async (request) => getRadar(db, actorOf(request), request.params.id),
  );

  app.get(
    '/workspaces/:id/radar/settings',
    {
      schema: {
        tags: ['radar'],
        summary:
          "The radar's ring for accepted tools, its quadrant names and the category → quadrant mapping",
        params: workspaceParamsSchema,
        response: { 200: radarSettingsSchema, ...always, ...notFound },
      },
    },
    async (request) => getRadarSettings(db, actorOf(request), request.params.id),
  );

  app.put(
    '/workspaces/:id/radar/settings',
    {
      schema: {
        tags: ['radar'],
        summary: "Replace the radar's settings (owner and admins)",
        description: 'categories is the whole mapping; a category left out lands in its built-in quadrant.',
        params: workspaceParamsSchema,
        body: updateRadarSettingsSchema,
        response: { 200: radarSettingsSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request) => updateRadarSettings(db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/workspaces/:id/radar/export/:format',
    {
      schema: {
        tags: ['radar'],
        summary:
          'The radar as a file: Backstage tech-radar JSON, Zalando tech-radar JSON or Thoughtworks BYOR CSV',
        params: workspaceParamsSchema.extend({ format: radarExportFormatSchema }),
        response: {
          200: {
            description: 'The file, as an attachment',
            content: { 'application/json': { schema: z.unknown() }, 'text/csv': { schema: z.string() } },
          },
          ...always,
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const radar = await getRadar(db, actorOf(request), request.params.id);
      const file = renderRadarExport(radar, request.params.format, new Date());
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}
