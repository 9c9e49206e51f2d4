import { z } from 'zod';
import {
  BOOKMARKS_FILE_MAX_BYTES,
  bookmarkImportListSchema,
  bookmarkImportParamsSchema,
  bookmarkImportQuerySchema,
  bookmarkImportSchema,
  bookmarkWorkspaceParamsSchema,
} from '@stackyard/contracts/bookmarks';
import {
  BOOKMARK_VALUE_MAX,
  BOOKMARKS_MAX_DEPTH,
  BOOKMARKS_MAX_ENTRIES,
} from '@stackyard/ingestion/bookmarks-file';
import { groupThousands } from '@stackyard/contracts/numbers';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound } from '../http.ts';
import { acceptFileBodies, routesOf } from '../route.ts';
import type { IngestionQueue } from '../jobs/queues.ts';
import { exportBookmarks, getImport, listImports, startBookmarkImport } from './bookmarks.service.ts';

const MAX_MB = Math.round(BOOKMARKS_FILE_MAX_BYTES / (1024 * 1024));
export const BOOKMARKS_FILE_TOO_LARGE = `The bookmarks file is larger than ${MAX_MB} MB. Split it into smaller files and import them one by one.`;

/** The file's bytes as the parser above hands them on; a string in the OpenAPI document. */
const fileBody = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'Must be a bookmarks file')
  .meta({ type: 'string', description: 'The bookmarks file (Netscape bookmark format)' });

const IMPORT_STATUS =
  'Status: running (the job works through the file; total, imported, duplicates and skipped grow as it goes) → ' +
  'completed | failed (error says why). Poll GET /ingestion/bookmarks/{id} for progress.';

/**
 * Bookmark import and export. Registered as a plugin of its own: it alone reads a text/html body (the file, up
 * to 20 MB). A cross-site form cannot send text/html, so this does not open the API to form posts.
 */
export async function bookmarkRoutes(
  app: ApiApp,
  { db, ingestion }: RouteDeps & { ingestion: IngestionQueue | undefined },
): Promise<void> {
  // As bytes: the file's own charset (its <META … charset=…>) decides how they are read, not UTF-8.
  acceptFileBodies(app, ['text/html'], BOOKMARKS_FILE_TOO_LARGE);
  const routes = routesOf(app, 'ingestion');

  routes.post('/ingestion/bookmarks/workspace/:workspace_id', {
    bodyLimit: BOOKMARKS_FILE_MAX_BYTES,
    summary:
      'Import a Netscape bookmarks file as resources, folders as tags (editors and admins); answers the running import',
    description: `The request body is the file itself, Content-Type text/html, at most ${MAX_MB} MB (413 beyond) and ${groupThousands(BOOKMARKS_MAX_ENTRIES)} bookmarks (413 beyond), folders nested at most ${BOOKMARKS_MAX_DEPTH} levels deep (400 beyond); its name in ?file_name=. It is read in the charset it declares (a <META> charset, else UTF-8). Bookmarks marked PRIVATE="1" are skipped with reason private unless ?include_private=true. Values are cut to ${groupThousands(BOOKMARK_VALUE_MAX)} characters; NUL characters are dropped from text and percent-encoded in URLs. Bookmarks the workspace already has are skipped as duplicates; enrichment of the new ones follows in the background. A file that is no bookmarks file (neither the Netscape doctype nor entries of its shape, <DT> then <A HREF ADD_DATE> or <H3 ADD_DATE>) answers 400; a bookmarks file with no bookmarks answers an import already completed, total 0. ${IMPORT_STATUS}`,
    consumes: ['text/html'],
    params: bookmarkWorkspaceParamsSchema,
    querystring: bookmarkImportQuerySchema,
    body: fileBody,
    accepted: bookmarkImportSchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, query, body }) =>
      startBookmarkImport(
        db,
        actor,
        params.workspace_id,
        {
          file: body,
          fileName: query.file_name || null,
          includePrivate: query.include_private === 'true',
        },
        ingestion,
      ),
  });

  routes.get('/ingestion/bookmarks/:id', {
    summary: "A bookmark import's progress and report of what was skipped and why",
    description: IMPORT_STATUS,
    params: bookmarkImportParamsSchema,
    answer: bookmarkImportSchema,
    problems: notFound,
    handler: async ({ actor, params }) => getImport(db, actor, params.id),
  });

  routes.get('/ingestion/bookmarks/workspace/:workspace_id', {
    summary: "A workspace's recent bookmark imports, newest first",
    params: bookmarkWorkspaceParamsSchema,
    answer: bookmarkImportListSchema,
    problems: notFound,
    handler: async ({ actor, params }) => listImports(db, actor, params.workspace_id),
  });

  routesOf(app, 'resources').get('/resources/workspace/:workspace_id/export', {
    summary: "The workspace's resources as a Netscape bookmarks file (text/html download), tags in TAGS",
    params: bookmarkWorkspaceParamsSchema,
    file: {
      description: 'The bookmarks file',
      content: { 'text/html': { schema: z.string() } },
    },
    problems: notFound,
    handler: async ({ actor, params, reply }) => {
      const file = await exportBookmarks(db, actor, params.workspace_id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="stackyard-bookmarks-${day}.html"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  });
}
