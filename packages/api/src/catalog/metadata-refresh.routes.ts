import { idParamsSchema } from '@stackyard/contracts/catalog';
import { metadataRefreshSchema } from '@stackyard/contracts/metadata-refresh';
import { toolParamsSchema } from '@stackyard/contracts/tool';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { routesOf } from '../route.ts';
import { refreshResourceMetadata, refreshToolMetadata } from './metadata-refresh.service.ts';
import type { PageFetchSettings } from './page-fetch.ts';

const DESCRIPTION =
  'Reads the page again through the ingestion fetcher and answers, field by field, what it now says ' +
  'differently. Nothing is applied: send the chosen values with PATCH. edited_by_hand marks the fields the ' +
  'workspace set itself. 422 when the page cannot be read.';

const answered = {
  answer: metadataRefreshSchema,
  problems: { ...forbidden, ...notFound, ...tooLarge, ...unprocessable },
};

export function metadataRefreshRoutes(app: ApiApp, { db }: RouteDeps, settings: PageFetchSettings): void {
  routesOf(app, 'tools').post('/tools/workspace/:toolId/refresh', {
    ...answered,
    summary: "Propose changes from the tool's page, read again (editors and admins)",
    description: DESCRIPTION,
    params: toolParamsSchema,
    handler: async ({ actor, params }) => refreshToolMetadata(db, settings, actor, params.toolId),
  });

  routesOf(app, 'resources').post('/resources/:id/refresh', {
    ...answered,
    summary: "Propose changes from the resource's page, read again (editors and admins)",
    description:
      DESCRIPTION +
      " A resource's readable copy (GET /resources/{id}/copy) is replaced when one could be extracted from " +
      'the page read; otherwise the last copy stays.',
    params: idParamsSchema,
    handler: async ({ actor, params }) => refreshResourceMetadata(db, settings, actor, params.id),
  });
}
