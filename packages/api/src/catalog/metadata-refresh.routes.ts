import { idParamsSchema } from '@stackyard/contracts/catalog';
import { metadataRefreshSchema } from '@stackyard/contracts/metadata-refresh';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { refreshResourceMetadata, refreshToolMetadata } from './metadata-refresh.service.ts';
import type { PageFetchSettings } from './page-fetch.ts';

const DESCRIPTION =
  'Reads the page again through the ingestion fetcher and answers, field by field, what it now says ' +
  'differently. Nothing is applied: send the chosen values with PATCH. edited_by_hand marks the fields the ' +
  'workspace set itself. 422 when the page cannot be read.';

export function metadataRefreshRoutes(app: ApiApp, { db }: RouteDeps, settings: PageFetchSettings): void {
  app.post(
    '/tools/workspace/:toolId/refresh',
    {
      schema: {
        tags: ['tools'],
        summary: "Propose changes from the tool's page, read again (editors and admins)",
        description: DESCRIPTION,
        params: toolParamsSchema,
        response: {
          200: metadataRefreshSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...tooLarge,
          ...unprocessable,
        },
      },
    },
    async (request) => refreshToolMetadata(db, settings, actorOf(request), request.params.toolId),
  );

  app.post(
    '/resources/:id/refresh',
    {
      schema: {
        tags: ['resources'],
        summary: "Propose changes from the resource's page, read again (editors and admins)",
        description:
          DESCRIPTION +
          " A resource's readable copy (GET /resources/{id}/copy) is replaced when one could be extracted from " +
          'the page read; otherwise the last copy stays.',
        params: idParamsSchema,
        response: {
          200: metadataRefreshSchema,
          ...always,
          ...forbidden,
          ...notFound,
          ...tooLarge,
          ...unprocessable,
        },
      },
    },
    async (request) => refreshResourceMetadata(db, settings, actorOf(request), request.params.id),
  );
}
