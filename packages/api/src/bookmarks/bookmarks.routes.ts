import type { FastifyError } from 'fastify';
import { z } from 'zod';
import {
  BOOKMARKS_FILE_MAX_BYTES,
  bookmarkImportListSchema,
  bookmarkImportParamsSchema,
  bookmarkImportQuerySchema,
  bookmarkImportSchema,
  bookmarkWorkspaceParamsSchema,
} from '@stackyard/contracts/bookmarks';
import { AppError } from '@stackyard/contracts/problem';
import {
  BOOKMARK_VALUE_MAX,
  BOOKMARKS_MAX_DEPTH,
  BOOKMARKS_MAX_ENTRIES,
} from '@stackyard/ingestion/bookmarks-file';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
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
  app.addContentTypeParser('text/html', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError) => {
    // Thrown on to the API's error handler, which answers the problem details.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError('payload_too_large', BOOKMARKS_FILE_TOO_LARGE);
    throw error;
  });

  app.post(
    '/ingestion/bookmarks/workspace/:workspace_id',
    {
      bodyLimit: BOOKMARKS_FILE_MAX_BYTES,
      schema: {
        tags: ['ingestion'],
        summary:
          'Import a Netscape bookmarks file as resources, folders as tags (editors and admins); answers the running import',
        description: `The request body is the file itself, Content-Type text/html, at most ${MAX_MB} MB (413 beyond) and ${BOOKMARKS_MAX_ENTRIES.toLocaleString('en-US')} bookmarks (413 beyond), folders nested at most ${BOOKMARKS_MAX_DEPTH} levels deep (400 beyond); its name in ?file_name=. It is read in the charset it declares (a <META> charset, else UTF-8). Bookmarks marked PRIVATE="1" are skipped with reason private unless ?include_private=true. Values are cut to ${BOOKMARK_VALUE_MAX.toLocaleString('en-US')} characters; NUL characters are dropped from text and percent-encoded in URLs. Bookmarks the workspace already has are skipped as duplicates; enrichment of the new ones follows in the background. A file that is no bookmarks file (neither the Netscape doctype nor entries of its shape, <DT> then <A HREF ADD_DATE> or <H3 ADD_DATE>) answers 400; a bookmarks file with no bookmarks answers an import already completed, total 0. ${IMPORT_STATUS}`,
        consumes: ['text/html'],
        params: bookmarkWorkspaceParamsSchema,
        querystring: bookmarkImportQuerySchema,
        body: fileBody,
        response: { 202: bookmarkImportSchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) =>
      reply.code(202).send(
        await startBookmarkImport(
          db,
          actorOf(request),
          request.params.workspace_id,
          {
            file: request.body,
            fileName: request.query.file_name || null,
            includePrivate: request.query.include_private === 'true',
          },
          ingestion,
        ),
      ),
  );

  app.get(
    '/ingestion/bookmarks/:id',
    {
      schema: {
        tags: ['ingestion'],
        summary: "A bookmark import's progress and report of what was skipped and why",
        description: IMPORT_STATUS,
        params: bookmarkImportParamsSchema,
        response: { 200: bookmarkImportSchema, ...always, ...notFound },
      },
    },
    async (request) => getImport(db, actorOf(request), request.params.id),
  );

  app.get(
    '/ingestion/bookmarks/workspace/:workspace_id',
    {
      schema: {
        tags: ['ingestion'],
        summary: "A workspace's recent bookmark imports, newest first",
        params: bookmarkWorkspaceParamsSchema,
        response: { 200: bookmarkImportListSchema, ...always, ...notFound },
      },
    },
    async (request) => listImports(db, actorOf(request), request.params.workspace_id),
  );

  app.get(
    '/resources/workspace/:workspace_id/export',
    {
      schema: {
        tags: ['resources'],
        summary: "The workspace's resources as a Netscape bookmarks file (text/html download), tags in TAGS",
        params: bookmarkWorkspaceParamsSchema,
        response: {
          200: {
            description: 'The bookmarks file',
            content: { 'text/html': { schema: z.string() } },
          },
          ...always,
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const file = await exportBookmarks(db, actorOf(request), request.params.workspace_id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="stackyard-bookmarks-${day}.html"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
